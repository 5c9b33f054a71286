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

/** A body built from the schema with some fields broken, missing, or added. */
function mutatedObject(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
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
    )
    .map(([valid, changes, extra]) => {
      const body = { ...(valid as Record<string, unknown>) };
      for (const [name, how, junk] of changes) {
        if (how === 0) delete body[name];
        else body[name] = junk;
      }
      return Object.assign(body, extra);
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
  const path = fc
    .tuple(...pathParams.map(() => pathValue))
    .map((values) =>
      pathParams.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''),
        target.path,
      ),
    );

  const queryValue = (schema: JsonSchema | undefined) =>
    fc.oneof(
      fromSchema(schema, ids).map((value) => [String(value)]),
      nastyString.map((value) => [value]),
      fc.array(nastyString, { minLength: 2, maxLength: 3 }),
    );
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((parameter) =>
          fc.option(queryValue(parameter.schema), { nil: undefined }),
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
      arbitrary: (schema ? mutatedObject(schema, ids) : junkValue).map(json),
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
