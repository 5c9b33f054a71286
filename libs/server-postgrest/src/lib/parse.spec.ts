import { PostgrestError } from './errors';
import { parseFilter, parseLogic } from './parse-filter';
import { parseOrder, parsePreferences, parseQuery, parseRangeHeader } from './parse-query';
import { parseColumns, parseSelect } from './parse-select';

describe('parseSelect', () => {
  it.each([
    ['', [{ kind: 'star' }]],
    [
      'id,name:title,rank::text',
      [
        { kind: 'column', name: 'id' },
        { kind: 'column', name: 'title', alias: 'name' },
        { kind: 'column', name: 'rank', cast: 'text' },
      ],
    ],
    [
      '*,author:users!owner(name),comments!inner()',
      [
        { kind: 'star' },
        {
          kind: 'embed',
          relation: 'users',
          alias: 'author',
          hint: 'owner',
          inner: false,
          select: [{ kind: 'column', name: 'name' }],
        },
        { kind: 'embed', relation: 'comments', inner: true, select: [] },
      ],
    ],
    ['"a,b"', [{ kind: 'column', name: 'a,b' }]],
  ])('%s', (text, expected) => {
    expect(parseSelect(text)).toEqual(expected);
  });

  it('refuses what is not the grammar with PGRST100', () => {
    expect(() => parseSelect('title"; drop')).toThrow(PostgrestError);
    expect(() => parseSelect('a(b')).toThrow(/failed to parse select/);
  });

  it('reads quoted columns= lists', () => {
    expect(parseColumns('"title","body",rank')).toEqual(['title', 'body', 'rank']);
  });
});

describe('parseFilter and parseLogic', () => {
  it.each([
    ['eq.1', { operator: 'eq', negated: false, value: '1' }],
    ['not.like.*a*', { operator: 'like', negated: true, value: '*a*' }],
    ['in.(1,"a,b",c)', { operator: 'in', value: ['1', 'a,b', 'c'] }],
    ['is.NULL', { operator: 'is', value: 'null' }],
    ['fts(english).cat', { operator: 'fts', language: 'english', value: 'cat' }],
  ])('%s', (text, expected) => {
    expect(parseFilter('col', text)).toMatchObject({ kind: 'filter', column: 'col', ...expected });
  });

  it('answers a bad operator like PostgREST', () => {
    expect(() => parseFilter('id', '0')).toThrow(
      expect.objectContaining({
        body: {
          code: 'PGRST100',
          details: 'unexpected "0" expecting "not" or operator (eq, gt, ...)',
          hint: null,
          message: '"failed to parse filter (0)" (line 1, column 1)',
        },
      }),
    );
    expect(() => parseFilter('id', 'is.maybe')).toThrow(PostgrestError);
  });

  it('parses nested logic trees with quoted values', () => {
    expect(parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.eq."x,y"))')).toEqual({
      kind: 'logic',
      operator: 'or',
      negated: false,
      conditions: [
        { kind: 'filter', column: 'a', negated: false, operator: 'eq', value: '1' },
        {
          kind: 'logic',
          operator: 'and',
          negated: true,
          conditions: [
            { kind: 'filter', column: 'b', negated: false, operator: 'gt', value: '2' },
            { kind: 'filter', column: 'c', negated: false, operator: 'eq', value: 'x,y' },
          ],
        },
      ],
    });
  });
});

describe('parseQuery', () => {
  it('sorts parameters into levels, preferences and singular', () => {
    const parsed = parseQuery(
      new URLSearchParams(
        'select=title,comments(body)&rank=gt.1&order=id.desc.nullslast&limit=5&comments.order=id&comments.limit=2&or=(a.eq.1,b.eq.2)',
      ),
      { prefer: 'return=representation,count=exact', accept: 'application/vnd.pgrst.object+json' },
    );
    expect(parsed.shapes['']).toMatchObject({
      limit: 5,
      order: [{ column: 'id', descending: true, nulls: 'last' }],
    });
    expect(parsed.shapes['']?.conditions).toHaveLength(2);
    expect(parsed.shapes['comments']).toEqual({
      conditions: [],
      order: [{ column: 'id', descending: false }],
      limit: 2,
    });
    expect(parsed.preferences).toMatchObject({ return: 'representation', count: 'exact' });
    expect(parsed.singular).toBe(true);
  });

  it('takes the page from Range when the query has none, and function arguments by name', () => {
    const parsed = parseQuery(
      new URLSearchParams('a=1&b=eq.2'),
      { range: '10-19' },
      new Set(['a']),
    );
    expect(parsed.args).toEqual({ a: '1' });
    expect(parsed.shapes['']).toMatchObject({ offset: 10, limit: 10 });
    expect(parseRangeHeader('5-')).toEqual({ offset: 5 });
  });

  it('refuses a bad order or limit with PGRST100', () => {
    expect(() => parseOrder('id.asc.nullslasttt')).toThrow(/failed to parse order/);
    expect(() => parseQuery(new URLSearchParams('limit=x'), {})).toThrow(PostgrestError);
    expect(parsePreferences('resolution=merge-duplicates, missing=default, tx=rollback')).toEqual({
      return: 'minimal',
      resolution: 'merge-duplicates',
      missing: 'default',
      rollback: true,
    });
  });
});
