import type { AppTable } from '../schema/app-schema';
import {
  containsPattern,
  jsonValue,
  planCount,
  planRowCounts,
  planRows,
  planUpdate,
  quoteIdentifier,
} from './browser-sql';
import { RefusedStatement, singleStatement } from './read-only-sql';

const table = (overrides: Partial<AppTable> = {}): AppTable => ({
  schema: 'public',
  name: 'notes',
  columns: [
    { name: 'id', type: 'bigint', nullable: false, default: null },
    { name: 'body', type: 'text', nullable: false, default: null },
    { name: 'meta', type: 'jsonb', nullable: true, default: null },
    { name: 'tags', type: 'text[]', nullable: true, default: null },
  ],
  primaryKey: ['id'],
  foreignKeys: [],
  rowLevelSecurity: true,
  policies: [],
  ...overrides,
});

describe('the Database view’s SQL, planned from the schema', () => {
  it('quotes identifiers, doubling their quotes', () => {
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });

  it('pages sorted rows, then by the primary key, every value bound', () => {
    expect(
      planRows(table(), {
        order: { column: 'body', direction: 'desc' },
        filter: { column: 'body', value: '50%_off' },
        offset: 20,
        limit: 10,
      }),
    ).toEqual({
      text: 'select * from "public"."notes" where "body"::text ilike $1 order by "body" desc nulls last, "id" asc limit $2 offset $3',
      params: ['%50\\%\\_off%', 10, 20],
    });
    expect(planRows(table({ primaryKey: [] }), { offset: 0, limit: 5 })).toEqual({
      text: 'select * from "public"."notes" limit $1 offset $2',
      params: [5, 0],
    });
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });

  it('counts the rows of the filter, and of every table in one statement', () => {
    expect(planCount(table(), { filter: { column: 'id', value: '1' } })).toEqual({
      text: 'select count(*)::int as total from "public"."notes" where "id"::text ilike $1',
      params: ['%1%'],
    });
    expect(planRowCounts([])).toBeNull();
    expect(planRowCounts([table(), table({ name: 'tags' })])?.text).toBe(
      'select $1::text as name, count(*)::int as total from "public"."notes" union all select $2::text as name, count(*)::int as total from "public"."tags"',
    );
  });

  it('updates by the primary key: JSON columns get JSON text, arrays stay arrays', () => {
    expect(planUpdate(table(), { id: 7 }, { body: 'hi', meta: { a: 1 }, tags: ['x'] })).toEqual({
      text: 'update "public"."notes" set "body" = $1, "meta" = $2, "tags" = $3 where "id" = $4 returning *',
      params: ['hi', '{"a":1}', ['x'], 7],
    });
  });

  it('answers values as JSON', () => {
    expect(jsonValue(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(jsonValue(BigInt(42))).toBe(42);
    expect(jsonValue(BigInt('9007199254740993'))).toBe('9007199254740993');
    expect(jsonValue(new Uint8Array([1, 255]))).toBe('\\x01ff');
    expect(jsonValue({ at: [BigInt(1)] })).toEqual({ at: [1] });
    expect(jsonValue(undefined)).toBeNull();
  });
});

describe('the SQL box’s one statement', () => {
  it('takes one statement, whatever its trailing semicolon and comments', () => {
    expect(singleStatement('select 1; -- done')).toEqual({ text: 'select 1', keyword: 'select' });
    expect(singleStatement("select ';' as semi").keyword).toBe('select');
  });

  it.each(['select 1; select 2', 'commit', 'BEGIN READ WRITE', 'rollback', 'savepoint x', '  '])(
    'refuses %p before PostgreSQL sees it',
    (text) => {
      expect(() => singleStatement(text)).toThrow(RefusedStatement);
    },
  );
});
