// Plans a read (and the returned rows of a write) into SQL: a JSON array built by the database,
// with embedded resources as correlated subqueries along the foreign keys of the schema cache.
import { columnNotFound, noRowLevelSecurity, PostgrestError, tableNotFound } from './errors';
import { type Condition, filterOperators } from './parse-filter';
import type { OrderTerm, ParsedQuery, ReadShape } from './parse-query';
import type { EmbedItem, SelectItem } from './parse-select';
import type { Column, ForeignKey, Relation, Schema } from './schema-cache';
import { castSql, ident, Params } from './sql';

/** A relation of the exposed schema that may be served: it exists and row-level security guards it. */
export function servedRelation(schema: Schema, name: string): Relation {
  const relation = schema.relations.get(name);
  if (!relation) throw tableNotFound(schema.name, name);
  if (!relation.guarded) throw noRowLevelSecurity(name);
  return relation;
}

/** Where rows come from: a table of the schema or a function's result, under an alias. */
export interface Source {
  /** The name errors use (the table's or function's). */
  name: string;
  columns: Column[];
  /** The FROM item without its alias, e.g. "public"."notes". */
  from: string;
  /** A table for embedding along foreign keys; undefined for a function's rows. */
  table?: string;
}

export function tableSource(schema: Schema, relation: Relation): Source {
  return {
    name: relation.name,
    columns: relation.columns,
    from: `${ident(schema.name)}.${ident(relation.name)}`,
    table: relation.name,
  };
}

export class ReadPlanner {
  private aliases = 0;

  constructor(
    readonly schema: Schema,
    readonly params: Params,
    readonly shapes: Record<string, ReadShape>,
  ) {}

  nextAlias(): string {
    return `pgrst_${this.aliases++}`;
  }

  column(source: Source, alias: string, name: string): string {
    const column = source.columns.find((c) => c.name === name);
    if (!column) throw columnNotFound(source.name, name);
    return `${alias}.${ident(column.name)}`;
  }

  /** `json_build_object(key, value, ...)`: the keys are parameters, the values columns or embeds. */
  projection(
    source: Source,
    alias: string,
    items: SelectItem[],
    path: string,
  ): { sql: string; inner: string[] } {
    const pairs: string[] = [];
    const inner: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') {
        for (const column of source.columns)
          pairs.push(`${this.params.add(column.name, 'text')}, ${alias}.${ident(column.name)}`);
      } else if (item.kind === 'column') {
        const value = this.column(source, alias, item.name);
        const cast = item.cast ? `::${castSql(item.cast)}` : '';
        pairs.push(`${this.params.add(item.alias ?? item.name, 'text')}, ${value}${cast}`);
      } else {
        const embed = this.embed(source, alias, item, path);
        pairs.push(`${this.params.add(item.alias ?? item.relation, 'text')}, ${embed.sql}`);
        if (item.inner) inner.push(embed.exists);
      }
    }
    // json_build_object takes at most 100 arguments: wider rows are merged from chunks.
    const chunks: string[] = [];
    for (let i = 0; i < pairs.length; i += 50)
      chunks.push(`json_build_object(${pairs.slice(i, i + 50).join(', ')})`);
    const sql =
      chunks.length <= 1
        ? (chunks[0] ?? 'json_build_object()')
        : `(${chunks.map((c) => `${c}::jsonb`).join(' || ')})::json`;
    return { sql, inner };
  }

  /**
   * The select list when it is only the source's own columns, under their own names (no alias,
   * cast or embed): `alias."a", alias."b"`, whose rows PostgreSQL turns into JSON objects with
   * those names itself (`json_agg` of the row), cheaper than building each object. Null otherwise.
   */
  plainColumns(source: Source, alias: string, items: SelectItem[]): string | null {
    const columns: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') {
        for (const column of source.columns) columns.push(`${alias}.${ident(column.name)}`);
      } else if (
        item.kind === 'column' &&
        item.cast === undefined &&
        (item.alias === undefined || item.alias === item.name)
      ) {
        columns.push(this.column(source, alias, item.name));
      } else {
        return null;
      }
    }
    return columns.length > 0 ? columns.join(', ') : null;
  }

  condition(source: Source, alias: string, condition: Condition): string {
    if (condition.kind === 'logic') {
      const parts = condition.conditions.map((c) => this.condition(source, alias, c));
      const joined = `(${parts.join(condition.operator === 'and' ? ' and ' : ' or ')})`;
      return condition.negated ? `not ${joined}` : joined;
    }
    const column = this.column(source, alias, condition.column);
    const value = condition.value;
    let sql: string;
    switch (condition.operator) {
      case 'in': {
        const list = value as string[];
        sql =
          list.length === 0
            ? 'false'
            : `${column} in (${list.map((v) => this.params.add(v)).join(', ')})`;
        break;
      }
      case 'is': {
        const keyword = {
          null: 'null',
          not_null: 'not null',
          true: 'true',
          false: 'false',
          unknown: 'unknown',
        }[value as string];
        sql = `${column} is ${keyword}`;
        break;
      }
      case 'like':
      case 'ilike':
        sql = `${column} ${filterOperators[condition.operator]} ${this.params.add((value as string).replace(/\*/g, '%'))}`;
        break;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = filterOperators[condition.operator];
        const language = condition.language
          ? `${this.params.add(condition.language, 'regconfig')}, `
          : '';
        sql = `${column} @@ ${fn}(${language}${this.params.add(value)})`;
        break;
      }
      default:
        sql = `${column} ${filterOperators[condition.operator]} ${this.params.add(value)}`;
    }
    return condition.negated ? `not (${sql})` : sql;
  }

  order(source: Source, alias: string, terms: OrderTerm[]): string {
    if (terms.length === 0) return '';
    const parts = terms.map((term) => {
      const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
      return `${this.column(source, alias, term.column)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
    });
    return ` order by ${parts.join(', ')}`;
  }

  page(shape: ReadShape, maxRows?: number): string {
    const limit = maxRows === undefined ? shape.limit : Math.min(shape.limit ?? maxRows, maxRows);
    let sql = '';
    if (limit !== undefined) sql += ` limit ${this.params.add(limit, 'bigint')}`;
    if (shape.offset) sql += ` offset ${this.params.add(shape.offset, 'bigint')}`;
    return sql;
  }

  /** The WHERE clause of one level: its filters, `extra` (a join) and its `!inner` embeds. */
  where(source: Source, alias: string, shape: ReadShape, extra: string[], items: string[]): string {
    const all = [
      ...extra,
      ...shape.conditions.map((c) => this.condition(source, alias, c)),
      ...items,
    ];
    return all.length === 0 ? '' : ` where ${all.join(' and ')}`;
  }

  private embed(parent: Source, parentAlias: string, item: EmbedItem, path: string) {
    const childPath =
      path === '' ? (item.alias ?? item.relation) : `${path}.${item.alias ?? item.relation}`;
    const { relation, join, toMany } = this.relationship(parent, item);
    const source = tableSource(this.schema, relation);
    const alias = this.nextAlias();
    const shape = this.shapes[childPath] ?? { conditions: [], order: [] };
    const joinSql = join.map(
      ([child, parentColumn]) => `${alias}.${ident(child)} = ${parentAlias}.${ident(parentColumn)}`,
    );
    const projection = this.projection(
      source,
      alias,
      item.select.length ? item.select : [{ kind: 'star' }],
      childPath,
    );
    const where = this.where(source, alias, shape, joinSql, projection.inner);
    const exists = `exists (select 1 from ${source.from} ${alias}${where})`;
    if (!toMany)
      return {
        sql: `(select ${projection.sql} from ${source.from} ${alias}${where} limit 1)`,
        exists,
      };
    const rows = `select ${projection.sql} as pgrst_row from ${source.from} ${alias}${where}${this.order(source, alias, shape.order)}${this.page(shape)}`;
    return {
      sql: `(select coalesce(json_agg(pgrst_e.pgrst_row), '[]'::json) from (${rows}) pgrst_e)`,
      exists,
    };
  }

  private relationship(
    parent: Source,
    item: EmbedItem,
  ): { relation: Relation; join: [string, string][]; toMany: boolean } {
    const table = parent.table ?? '';
    const matchesHint = (fk: ForeignKey) =>
      item.hint === undefined ||
      fk.name === item.hint ||
      (fk.columns.length === 1 && fk.columns[0] === item.hint);
    const candidates: { fk: ForeignKey; toMany: boolean }[] = [];
    for (const fk of this.schema.foreignKeys) {
      if (!matchesHint(fk)) continue;
      const byColumn = fk.columns.length === 1 && fk.columns[0] === item.relation;
      if (
        fk.table === table &&
        (fk.referencedTable === item.relation || byColumn || fk.name === item.relation)
      ) {
        candidates.push({ fk, toMany: false });
      } else if (fk.referencedTable === table && fk.table === item.relation) {
        candidates.push({ fk, toMany: true });
      }
    }
    if (candidates.length === 0) {
      const using = item.hint === undefined ? '' : ` using the hint '${item.hint}'`;
      throw new PostgrestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${item.relation}'${using} in the schema '${this.schema.name}', but no matches were found.`,
        null,
      );
    }
    if (candidates.length > 1) {
      throw new PostgrestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${item.relation}'`,
        candidates.map((c) => `${c.fk.table} (${c.fk.name})`).join(', '),
        `Try changing '${item.relation}' to one of the following: ${candidates.map((c) => `'${item.relation}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    const [{ fk, toMany }] = candidates as [(typeof candidates)[number]];
    const relation = servedRelation(this.schema, toMany ? fk.table : fk.referencedTable);
    // A foreign key's columns and the columns they reference pair up by position.
    const pairs = fk.columns.map((column, i): [string, string] => [
      column,
      fk.referencedColumns[i] ?? column,
    ]);
    const join = toMany
      ? pairs
      : pairs.map(([own, referenced]): [string, string] => [referenced, own]);
    return { relation, join, toMany };
  }
}

/** GET on a table or view: `{ body, total }` in one statement (total only when counting). */
export function planRead(
  schema: Schema,
  relation: Relation,
  parsed: ParsedQuery,
  options: { maxRows?: number } = {},
) {
  const params = new Params();
  const planner = new ReadPlanner(schema, params, parsed.shapes);
  const source = tableSource(schema, relation);
  const read = readOf(planner, source, parsed, options.maxRows, Boolean(parsed.preferences.count));
  return { text: `select ${read.body} as body, ${read.total} as total`, params: params.values };
}

/** SQL expressions: the rows of `source` as a JSON array (`body`), their count before paging (`total`). */
export function readOf(
  planner: ReadPlanner,
  source: Source,
  parsed: ParsedQuery,
  maxRows: number | undefined,
  count: boolean,
) {
  const alias = planner.nextAlias();
  const shape = parsed.shapes[''] ?? { conditions: [], order: [] };
  const plain = planner.plainColumns(source, alias, parsed.select);
  const projection = plain
    ? { sql: plain, inner: [] }
    : planner.projection(source, alias, parsed.select, '');
  const where = planner.where(source, alias, shape, [], projection.inner);
  const tail = `from ${source.from} ${alias}${where}${planner.order(source, alias, shape.order)}${planner.page(shape, maxRows)}`;
  const body = plain
    ? `(select coalesce(json_agg(pgrst_r), '[]'::json) from (select ${plain} ${tail}) pgrst_r)`
    : `(select coalesce(json_agg(pgrst_r.pgrst_row), '[]'::json) from (select ${projection.sql} as pgrst_row ${tail}) pgrst_r)`;
  const total = count ? `(select count(*) from ${source.from} ${alias}${where})` : 'null::bigint';
  return { body, total };
}
