// Plans inserts (and upserts), updates and deletes: one statement whose CTE writes and whose
// result is the written rows as JSON (what `return=representation` answers) and their count.
import { PostgrestError, payloadColumnNotFound } from './errors';
import type { ParsedQuery } from './parse-query';
import { ReadPlanner, readOf, type Source, tableSource } from './plan-read';
import type { Relation, Schema } from './schema-cache';
import { ident, Params, type SqlQuery } from './sql';

function returned(
  planner: ReadPlanner,
  relation: Relation,
  parsed: ParsedQuery,
  write: string,
): string {
  const source: Source = {
    name: relation.name,
    columns: relation.columns,
    from: 'pgrst_w',
    table: relation.name,
  };
  const output: ParsedQuery = {
    ...parsed,
    shapes: { ...parsed.shapes, '': { conditions: [], order: [] } },
  };
  const body =
    parsed.preferences.return === 'representation'
      ? readOf(planner, source, output, undefined, false).body
      : 'null::json';
  return `with pgrst_w as (${write}) select ${body} as body, (select count(*) from pgrst_w) as total`;
}

function payloadRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new PostgrestError(400, 'PGRST102', 'All object keys must match', null, null);
  }
  return rows as Record<string, unknown>[];
}

function payloadColumns(
  relation: Relation,
  rows: Record<string, unknown>[],
  columns: string[] | undefined,
): string[] {
  const names = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return names.map((name) => {
    const column = relation.columns.find((c) => c.name === name);
    if (!column) throw payloadColumnNotFound(relation.name, name);
    return column.name;
  });
}

/** POST: insert the body's rows; with `resolution`, an upsert on `on_conflict` (the primary key by default). */
export function planInsert(
  schema: Schema,
  relation: Relation,
  parsed: ParsedQuery,
  body: unknown,
): SqlQuery {
  const params = new Params();
  const planner = new ReadPlanner(schema, params, parsed.shapes);
  const rows = payloadRows(body);
  const columns = payloadColumns(relation, rows, parsed.columns);
  const table = tableSource(schema, relation).from;
  let write: string;
  if (columns.length === 0) {
    write = `insert into ${table} default values returning *`;
  } else {
    const list = columns.map(ident).join(', ');
    const payload = params.add(JSON.stringify(rows), 'json');
    write = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${payload})`;
    const resolution = parsed.preferences.resolution;
    if (resolution) {
      const target = parsed.onConflict ?? relation.primaryKey;
      const conflict = target.map((name) => {
        if (!relation.columns.some((c) => c.name === name))
          throw payloadColumnNotFound(relation.name, name);
        return ident(name);
      });
      if (conflict.length === 0) {
        throw new PostgrestError(
          400,
          'PGRST100',
          `"${relation.name}" has no primary key: name the conflict columns with on_conflict`,
        );
      }
      const updates = columns
        .filter((c) => !target.includes(c))
        .map((c) => `${ident(c)} = excluded.${ident(c)}`);
      const action =
        resolution === 'ignore-duplicates' || updates.length === 0
          ? 'do nothing'
          : `do update set ${updates.join(', ')}`;
      write += ` on conflict (${conflict.join(', ')}) ${action}`;
    }
    write += ' returning *';
  }
  return { text: returned(planner, relation, parsed, write), params: params.values };
}

/** PATCH: set the body's columns on the rows the filters pick. */
export function planUpdate(
  schema: Schema,
  relation: Relation,
  parsed: ParsedQuery,
  body: unknown,
): SqlQuery {
  const params = new Params();
  const planner = new ReadPlanner(schema, params, parsed.shapes);
  const [row] = payloadRows(body);
  const columns = payloadColumns(relation, [row ?? {}], undefined);
  const source = tableSource(schema, relation);
  const where = planner.where(
    source,
    'pgrst_u',
    parsed.shapes[''] ?? { conditions: [], order: [] },
    [],
    [],
  );
  if (columns.length === 0) {
    return {
      text: returned(planner, relation, parsed, `select * from ${source.from} where false`),
      params: params.values,
    };
  }
  const payload = params.add(JSON.stringify(row), 'json');
  const sets = columns.map((c) => `${ident(c)} = pgrst_b.${ident(c)}`).join(', ');
  const write = `update ${source.from} as pgrst_u set ${sets} from json_populate_record(null::${source.from}, ${payload}) pgrst_b${where} returning pgrst_u.*`;
  return { text: returned(planner, relation, parsed, write), params: params.values };
}

/** DELETE: remove the rows the filters pick. */
export function planDelete(schema: Schema, relation: Relation, parsed: ParsedQuery): SqlQuery {
  const params = new Params();
  const planner = new ReadPlanner(schema, params, parsed.shapes);
  const source = tableSource(schema, relation);
  const where = planner.where(
    source,
    'pgrst_d',
    parsed.shapes[''] ?? { conditions: [], order: [] },
    [],
    [],
  );
  const write = `delete from ${source.from} as pgrst_d${where} returning pgrst_d.*`;
  return { text: returned(planner, relation, parsed, write), params: params.values };
}
