import type { CallSpec, IdKind } from '@mason/contract';
import fc from 'fast-check';
import type { JsonSchema, FuzzTarget } from './fuzz-document';

/** What the fuzzer sends: nasty strings and values, bodies made from each route's schemas. */
/** Strings that have broken servers: empty, blank, NUL, escapes, path tricks, scripts, huge. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '%E0%A4%A',
  '\u202egnp.exe',
  '\u200b',
  '😀'.repeat(50),
  'Ω≈ç√∫˜µ≤≥÷',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$gt": ""}',
  '__proto__',
  'constructor',
  'node_modules/x.js',
  '.git/config',
  'x'.repeat(300),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), 'é'.repeat(40_000)) },
);

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [],
      {},
      Array.from({ length: 1000 }, () => 'x'),
      { __proto__: { admin: true } },
    ),
  },
);

/** A value that fits `schema`, roughly (the fuzzer mutates it; a valid one reaches deeper code). */
function fromSchema(
  schema: JsonSchema | undefined,
  ids: readonly string[],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junkValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length)
    return fc.oneof(...choices.map((choice) => fromSchema(choice, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid')
        return ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...ids)) : fc.uuid();
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        ids.length ? fc.constantFrom(...ids) : fc.string({ minLength, maxLength }),
      );
    }
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, ids, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            fromSchema(property, ids, depth + 1),
          ]),
        ),
        { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
      );
    }
    default:
      return junkValue;
  }
}

/**
 * Ids that are no ids: a route must answer them as ids that name nothing (a 404, or its own
 * 400), before a query sees them (a uuid column refuses them with a 500).
 */
const MALFORMED_IDS = [
  'abc',
  '1',
  '-1',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '0b2d5e4c9f8a4b7e8c6d5a4b3c2d1e0f',
  '{0b2d5e4c-9f8a-4b7e-8c6d-5a4b3c2d1e0f}',
  '0b2d5e4c-9f8a-4b7e-8c6d-5a4b3c2d1e0f0',
  "0b2d5e4c-9f8a-4b7e-8c6d-5a4b3c2d1e0' OR '1'='1",
];

/**
 * Per id field of a call (`params.id`, `query.projectId`, `body.versionId`, `body.staticFiles`):
 * the person's own id of its kind (so the request gets past the other checks), an id that is no
 * id, or an unknown uuid.
 */
export function idFieldArbitraries(
  call: CallSpec | undefined,
  idsByKind: Partial<Record<IdKind, string>>,
): Record<string, fc.Arbitrary<string>> {
  return Object.fromEntries(
    Object.entries(call?.ids ?? {}).map(([field, kind]) => {
      const known = idsByKind[kind];
      return [
        field.replace(/\[\]$/, ''),
        fc.oneof(
          { weight: 3, arbitrary: known === undefined ? fc.uuid() : fc.constant(known) },
          { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_IDS) },
          { weight: 1, arbitrary: fc.uuid() },
        ),
      ];
    }),
  );
}

/** The values of the id fields under `part.` (`body`), an array for a field of many ids. */
function idValues(
  idFields: Record<string, fc.Arbitrary<string>>,
  part: 'params' | 'query' | 'body',
  call: CallSpec | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(idFields).filter(([field]) => field.startsWith(`${part}.`));
  return fc.record(
    Object.fromEntries(
      entries.map(([field, arbitrary]) => {
        const name = field.slice(part.length + 1);
        const many = call?.ids?.[`${field}[]`] !== undefined;
        return [name, many ? fc.array(arbitrary, { minLength: 1, maxLength: 2 }) : arbitrary];
      }),
    ),
  );
}

/** A body built from the schema with some fields broken, missing, or added. */
function mutatedObject(
  schema: JsonSchema,
  ids: readonly string[],
  bodyIds: fc.Arbitrary<Record<string, unknown>> = fc.constant({}),
): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      fromSchema(schema, ids),
      fc.array(
        fc.tuple(fc.constantFrom(...(names.length ? names : ['field'])), fc.nat(3), junkValue),
        {
          maxLength: 3,
        },
      ),
      fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { maxKeys: 2 }),
      bodyIds,
    )
    .map(([valid, changes, extra, own]) => {
      const body = { ...(valid as Record<string, unknown>) };
      for (const [name, how, junk] of changes) {
        if (how === 0) delete body[name];
        else body[name] = junk;
      }
      // The id fields last: an id of the right kind, or one that is no id, reaches the route.
      return Object.assign(body, extra, own);
    });
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'nul',
  '[]',
  '"text"',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  `[${'1,'.repeat(20_000)}1]`,
  `{"deep":${'['.repeat(2000)}${']'.repeat(2000)}}`,
  '\u0000\u0001\u0002',
];

const MULTIPART_BODIES = [
  '--x\r\nContent-Disposition: form-data; name="files"; filename="a\u0000.txt"\r\n\r\nhi\r\n--x--\r\n',
  '--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: a\u0000b\r\n\r\nhi',
  '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--x--\r\n',
  'not multipart',
  '',
];

export interface GeneratedRequest {
  url: string;
  contentType: string | null;
  body: string | null;
}

export function requestArbitrary(
  target: FuzzTarget,
  ids: readonly string[],
  call?: CallSpec,
  idFields: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<GeneratedRequest> {
  const parameters = target.operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');

  const pathValue = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .oneof(fc.uuid(), ids.length ? fc.constantFrom(...ids) : fc.uuid())
        .map(encodeURIComponent),
    },
    { weight: 3, arbitrary: nastyString.map(encodeURIComponent) },
    // Path tricks, sent as they are.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '../..',
        'a/b',
        '%2e%2e',
        '%2F',
        '%E0%A4%A',
        '%00',
        '.',
        'x'.repeat(300),
      ),
    },
  );
  const idOr = (field: string, other: fc.Arbitrary<string>) => {
    const id = idFields[field];
    return id ? fc.oneof({ weight: 2, arbitrary: id.map(encodeURIComponent) }, other) : other;
  };
  const path = fc
    .tuple(...pathParams.map((parameter) => idOr(`params.${parameter.name}`, pathValue)))
    .map((values) =>
      pathParams.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''),
        target.path,
      ),
    );

  const queryValue = (schema: JsonSchema | undefined, name: string) =>
    fc.oneof(
      ...(idFields[`query.${name}`]
        ? [(idFields[`query.${name}`] as fc.Arbitrary<string>).map((value) => [value])]
        : []),
      fromSchema(schema, ids).map((value) => [String(value)]),
      nastyString.map((value) => [value]),
      fc.array(nastyString, { minLength: 2, maxLength: 3 }),
    );
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((parameter) =>
          // Left out half the time: a request whose other parts are good reaches the route.
          fc.option(queryValue(parameter.schema, parameter.name), { nil: undefined, freq: 1 }),
        ),
      ),
      fc.dictionary(fc.constantFrom('x', 'id', '__proto__', 'constructor', 'limit'), nastyString, {
        maxKeys: 2,
      }),
    )
    .map(([values, extra]) => {
      const parts: string[] = [];
      queryParams.forEach((parameter, index) => {
        for (const value of values[index] ?? [])
          parts.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`);
      });
      for (const [name, value] of Object.entries(extra))
        parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      return parts.length ? `?${parts.join('&')}` : '';
    });

  const schema = target.operation.requestBody?.content?.['application/json']?.schema;
  const json = (value: unknown) => ({
    contentType: 'application/json',
    body: JSON.stringify(value),
  });
  const body: fc.Arbitrary<{ contentType: string | null; body: string | null }> = fc.oneof(
    {
      weight: schema ? 6 : 1,
      arbitrary: (schema
        ? mutatedObject(schema, ids, idValues(idFields, 'body', call))
        : junkValue
      ).map(json),
    },
    { weight: 2, arbitrary: junkValue.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_BODIES)
        .map((raw) => ({ contentType: 'application/json', body: raw })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
          ),
          fc.constantFrom(...MULTIPART_BODIES),
        )
        .map(([contentType, raw]) => ({ contentType, body: raw })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: null, body: null }) },
  );

  return fc
    .tuple(
      path,
      query,
      target.method === 'GET' ? fc.constant({ contentType: null, body: null }) : body,
    )
    .map(([p, q, b]) => ({ url: `${p}${q}`, ...b }));
}
