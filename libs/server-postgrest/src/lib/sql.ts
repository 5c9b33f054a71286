// SQL text and its bound parameters. Identifiers come from the schema cache only (`ident`);
// every value from a request is a parameter (`Params.add`).
import { PostgrestError } from './errors';

export interface SqlQuery {
  text: string;
  params: unknown[];
}

export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
}

/** Quotes a name read from the catalog. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const castTypes = new Set([
  'text',
  'varchar',
  'char',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'real',
  'float',
  'float4',
  'float8',
  'double precision',
  'bool',
  'boolean',
  'json',
  'jsonb',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
  'uuid',
]);

/** The SQL of a `::type` cast a request asked for, from a fixed list of types. */
export function castSql(type: string): string {
  const base = type.endsWith('[]') ? type.slice(0, -2) : type;
  const normalized = base.trim().toLowerCase();
  if (!castTypes.has(normalized)) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `"failed to parse select (::${type})" (line 1, column 1)`,
      `unknown cast type "${type}"`,
    );
  }
  return normalized + (type.endsWith('[]') ? '[]' : '');
}
