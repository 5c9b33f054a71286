// What an app's database holds, as the assistant's schema tool and the Database view show it:
// the app's tables (schema `public`) with columns, keys, row-level security and each policy.
import type { SqlClient } from '@mason/server-postgrest';

export interface AppColumn {
  readonly name: string;
  /** As PostgreSQL names it: 'uuid', 'text', 'timestamp with time zone'. */
  readonly type: string;
  readonly nullable: boolean;
  /** The default's SQL ('gen_random_uuid()', 'auth.uid()'), or null. */
  readonly default: string | null;
}

export interface AppForeignKey {
  readonly columns: readonly string[];
  readonly references: {
    readonly schema: string;
    readonly table: string;
    readonly columns: readonly string[];
  };
}

export interface AppPolicy {
  readonly name: string;
  readonly command: 'ALL' | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  readonly roles: readonly string[];
  readonly using: string | null;
  readonly withCheck: string | null;
}

export interface AppTable {
  readonly schema: string;
  readonly name: string;
  readonly columns: readonly AppColumn[];
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly AppForeignKey[];
  readonly rowLevelSecurity: boolean;
  readonly policies: readonly AppPolicy[];
}

export interface AppSchema {
  readonly tables: readonly AppTable[];
}

const TABLES_SQL = `
select c.relname as name, c.relrowsecurity as rls,
  (select coalesce(json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'nullable', not a.attnotnull,
      'default', pg_get_expr(d.adbin, d.adrelid)) order by a.attnum), '[]'::json)
     from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
  (select coalesce(json_agg(a.attname order by k.ord), '[]'::json)
     from pg_constraint pk cross join unnest(pk.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where pk.conrelid = c.oid and pk.contype = 'p') as "primaryKey",
  (select coalesce(json_agg(json_build_object(
      'columns', (select json_agg(a.attname order by k.ord) from unnest(fk.conkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.attnum),
      'references', json_build_object(
        'schema', tn.nspname,
        'table', t.relname,
        'columns', (select json_agg(a.attname order by k.ord) from unnest(fk.confkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = fk.confrelid and a.attnum = k.attnum)))
      order by fk.conname), '[]'::json)
     from pg_constraint fk join pg_class t on t.oid = fk.confrelid join pg_namespace tn on tn.oid = t.relnamespace
     where fk.conrelid = c.oid and fk.contype = 'f') as "foreignKeys",
  (select coalesce(json_agg(json_build_object(
      'name', p.policyname, 'command', p.cmd, 'roles', p.roles, 'using', p.qual, 'withCheck', p.with_check)
      order by p.policyname), '[]'::json)
     from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname) as policies
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'p')
order by c.relname`;

/** The app's tables (schema `public`), read from pg_catalog by the database's owner. */
export async function readAppSchema(sql: SqlClient): Promise<AppSchema> {
  const rows = (
    await sql.query<{
      name: string;
      rls: boolean;
      columns: AppColumn[];
      primaryKey: string[];
      foreignKeys: AppForeignKey[];
      policies: AppPolicy[];
    }>(TABLES_SQL)
  ).rows;
  return {
    tables: rows.map((row) => ({
      schema: 'public',
      name: row.name,
      columns: row.columns,
      primaryKey: row.primaryKey,
      foreignKeys: row.foreignKeys,
      rowLevelSecurity: Boolean(row.rls),
      policies: row.policies.map((policy) => ({ ...policy, roles: [...policy.roles] })),
    })),
  };
}
