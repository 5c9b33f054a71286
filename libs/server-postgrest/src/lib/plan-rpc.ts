// Plans POST/GET /rpc/<fn>: picks the function of the schema cache whose arguments fit the named
// arguments given, calls it with each argument a parameter cast to its declared type, and shapes
// its result like PostgREST (scalar, object, array; void is no content).
import { PostgrestError } from './errors';
import type { ParsedQuery } from './parse-query';
import { ReadPlanner, readOf } from './plan-read';
import type { FunctionInfo, Schema } from './schema-cache';
import { ident, Params, type SqlQuery } from './sql';

export type RpcResultKind = 'void' | 'scalar' | 'object' | 'array';

export interface RpcPlan extends SqlQuery {
  kind: RpcResultKind;
}

/** The overload of `name` that takes exactly these argument names (those left out have defaults). */
export function findFunction(schema: Schema, name: string, argNames: string[]): FunctionInfo {
  const overloads = schema.functions.get(name) ?? [];
  const fits = overloads.filter(
    (fn) =>
      argNames.every((arg) => fn.args.some((a) => a.name === arg)) &&
      fn.args.every((a) => a.hasDefault || argNames.includes(a.name)),
  );
  const [only, ...others] = fits;
  if (only && others.length === 0) return only;
  const list = argNames.join(', ');
  if (fits.length > 1) {
    throw new PostgrestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits.map((f) => `${schema.name}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw new PostgrestError(
    404,
    'PGRST202',
    `Could not find the function ${schema.name}.${name}(${list}) in the schema cache`,
    `Searched for the function ${schema.name}.${name}${argNames.length ? ` with parameters ${list}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    overloads[0]
      ? `Perhaps you meant to call the function ${schema.name}.${name}(${overloads[0].args.map((a) => a.name).join(', ')})`
      : null,
  );
}

function argumentSql(params: Params, type: string, value: unknown): string {
  if (value === null || value === undefined) return `${params.add(null)}::${type}`;
  if (typeof value === 'object') {
    const json = params.add(JSON.stringify(value), 'json');
    if (type.endsWith('[]') && Array.isArray(value)) {
      return `array(select json_array_elements_text(${json}))::${type}`;
    }
    return `${json}::${type}`;
  }
  return `${params.add(String(value))}::${type}`;
}

/** Plans the call of `fn` with `args` (the JSON body's object, or GET's query parameters). */
export function planRpc(
  schema: Schema,
  fn: FunctionInfo,
  args: Record<string, unknown>,
  parsed: ParsedQuery,
): RpcPlan {
  const params = new Params();
  const named = fn.args
    .filter((a) => a.name in args)
    .map((a) => `${ident(a.name)} => ${argumentSql(params, a.type, args[a.name])}`);
  const call = `${ident(schema.name)}.${ident(fn.name)}(${named.join(', ')})`;
  if (fn.returnsVoid) return { kind: 'void', text: `select ${call}`, params: params.values };
  if (fn.returnColumns) {
    const planner = new ReadPlanner(schema, params, parsed.shapes);
    const source = { name: fn.name, columns: fn.returnColumns, from: call };
    const read = readOf(planner, source, parsed, undefined, Boolean(parsed.preferences.count));
    return {
      kind: fn.returnsSet ? 'array' : 'object',
      text: `select ${read.body} as body, ${read.total} as total`,
      params: params.values,
    };
  }
  if (fn.returnsSet) {
    return {
      kind: 'array',
      text: `select coalesce(json_agg(pgrst_s.v), '[]'::json) as body from ${call} pgrst_s(v)`,
      params: params.values,
    };
  }
  return { kind: 'scalar', text: `select to_json(${call}) as body`, params: params.values };
}
