// What the engine knows of the exposed schema, read from pg_catalog: tables and views with their
// columns, keys and row-level security, foreign keys, functions. Every identifier of a request
// is looked up here, and only these names reach SQL text.
import type { SqlClient } from './types';

export interface Column {
  name: string;
  type: string;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  primaryKey: string[];
  /** Row-level security enabled with at least one policy, or a security_invoker view. */
  guarded: boolean;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** Columns of a composite or `returns table (...)` result; undefined for a scalar. */
  returnColumns?: Column[];
  returnsVoid: boolean;
}

export interface Schema {
  name: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
}

const relationsSql = `
select c.relname as name, c.relkind::text as kind,
  (c.relrowsecurity and exists (select 1 from pg_policy p where p.polrelid = c.oid)
    or c.relkind = 'v' and coalesce(c.reloptions::text[] && array['security_invoker=true','security_invoker=on','security_invoker=1'], false)) as guarded,
  (select coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum), '[]'::json)
     from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
  (select coalesce(json_agg(a.attname order by k.ord), '[]'::json)
     from pg_constraint pk cross join unnest(pk.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where pk.conrelid = c.oid and pk.contype = 'p') as "primaryKey"
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const foreignKeysSql = `
select f.conname as name, c.relname as "table", r.relname as "referencedTable",
  (select json_agg(a.attname order by k.ord) from unnest(f.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum) as columns,
  (select json_agg(a.attname order by k.ord) from unnest(f.confkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum) as "referencedColumns"
from pg_constraint f
join pg_class c on c.oid = f.conrelid join pg_namespace cn on cn.oid = c.relnamespace
join pg_class r on r.oid = f.confrelid join pg_namespace rn on rn.oid = r.relnamespace
where f.contype = 'f' and cn.nspname = $1 and rn.nspname = $1`;

const functionsSql = `
select p.proname as name, p.proretset as "returnsSet", p.pronargdefaults as "defaults",
  format_type(p.prorettype, null) as "returnType", p.prorettype = 'void'::regtype as "returnsVoid",
  coalesce(array_to_json(p.proargnames), '[]'::json) as "argNames",
  coalesce(array_to_json(p.proargmodes::text[]), '[]'::json) as "argModes",
  (select coalesce(json_agg(format_type(x, null) order by o), '[]'::json)
     from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)) as "argTypes",
  (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
     from pg_type t join pg_attribute a on a.attrelid = t.typrelid
     where t.oid = p.prorettype and t.typrelid <> 0 and a.attnum > 0 and not a.attisdropped) as "compositeColumns"
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = $1 and p.prokind in ('f', 'p')`;

interface FunctionRow {
  name: string;
  returnsSet: boolean;
  defaults: number;
  returnType: string;
  returnsVoid: boolean;
  argNames: string[];
  argModes: string[];
  argTypes: string[];
  compositeColumns: Column[] | null;
}

function toFunction(row: FunctionRow): FunctionInfo {
  const inputs: { name: string; type: string }[] = [];
  const outputs: Column[] = [];
  row.argTypes.forEach((type, i) => {
    const mode = row.argModes[i] ?? 'i';
    const name = row.argNames[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
  });
  const args = inputs.map((arg, i) => ({ ...arg, hasDefault: i >= inputs.length - row.defaults }));
  const returnColumns =
    row.compositeColumns ??
    (outputs.length > 1 || row.argModes.includes('t') ? outputs : undefined);
  return {
    name: row.name,
    args,
    returnType: row.returnType,
    returnsSet: row.returnsSet,
    returnsVoid: row.returnsVoid,
    ...(returnColumns ? { returnColumns } : {}),
  };
}

/** Reads the schema `name` from the catalog. */
export async function loadSchema(sql: SqlClient, name: string): Promise<Schema> {
  const relationRows = (
    await sql.query<{
      name: string;
      kind: string;
      guarded: boolean;
      columns: Column[];
      primaryKey: string[];
    }>(relationsSql, [name])
  ).rows;
  const foreignKeys = (await sql.query<ForeignKey>(foreignKeysSql, [name])).rows;
  const functionRows = (await sql.query<FunctionRow>(functionsSql, [name])).rows;
  const relations = new Map<string, Relation>();
  for (const row of relationRows) {
    relations.set(row.name, {
      name: row.name,
      kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
      columns: row.columns,
      primaryKey: row.primaryKey,
      guarded: Boolean(row.guarded),
    });
  }
  const functions = new Map<string, FunctionInfo[]>();
  for (const row of functionRows) {
    const list = functions.get(row.name) ?? [];
    list.push(toFunction(row));
    functions.set(row.name, list);
  }
  return { name, relations, foreignKeys, functions };
}

/** The schema of one database, read once and kept until `invalidate()` (call it after a migration). */
export interface SchemaCache {
  get(sql: SqlClient, schema: string): Promise<Schema>;
  invalidate(): void;
}

export function createSchemaCache(): SchemaCache {
  let schemas = new Map<string, Promise<Schema>>();
  return {
    get(sql, schema) {
      let cached = schemas.get(schema);
      if (!cached) {
        const current = schemas;
        cached = loadSchema(sql, schema);
        current.set(schema, cached);
        cached.catch(() => current.delete(schema));
      }
      return cached;
    },
    invalidate() {
      schemas = new Map();
    },
  };
}
