import { lineOfPosition, splitStatements } from './split-statements';

describe('splitStatements', () => {
  const cases: [string, string, { keyword: string; line: number }[]][] = [
    [
      'two statements',
      'create table a (id int);\ninsert into a values (1);',
      [
        { keyword: 'create', line: 1 },
        { keyword: 'insert', line: 2 },
      ],
    ],
    [
      'comments and blank lines before a statement',
      '-- notes\n\n/* a\n /* nested; */ ; */\nselect 1;\n',
      [{ keyword: 'select', line: 5 }],
    ],
    [
      "a ';' in a string, an identifier and a comment",
      `select 'a;b', "c;d" -- e;f\n from t;\nselect 2`,
      [
        { keyword: 'select', line: 1 },
        { keyword: 'select', line: 3 },
      ],
    ],
    [
      "'' and E'\\'' escapes",
      `select 'it''s;', E'\\';';\nselect 3;`,
      [
        { keyword: 'select', line: 1 },
        { keyword: 'select', line: 2 },
      ],
    ],
    [
      'a dollar-quoted body with ; and new lines',
      'create function f() returns void language plpgsql as $body$\nbegin\n  perform 1;\nend\n$body$;\nselect f();',
      [
        { keyword: 'create', line: 1 },
        { keyword: 'select', line: 6 },
      ],
    ],
    [
      '$1 is a parameter, not a quote',
      'prepare p as select $1;\nselect 4;',
      [
        { keyword: 'prepare', line: 1 },
        { keyword: 'select', line: 2 },
      ],
    ],
    [
      'a BEGIN ATOMIC body with CASE ... END',
      'create function g(x int) returns int language sql\nbegin atomic\n  select case when x > 0 then 1 else 0 end;\nend;\ncommit;',
      [
        { keyword: 'create', line: 1 },
        { keyword: 'commit', line: 5 },
      ],
    ],
    ['only comments', '-- nothing here;\n/* ; */', []],
    ['a statement starting with a symbol', '(select 1);', [{ keyword: '', line: 1 }]],
  ];
  it.each(cases)('%s', (_name, sql, expected) => {
    expect(splitStatements(sql).map(({ keyword, line }) => ({ keyword, line }))).toEqual(expected);
  });

  it('keeps each statement’s text and where it starts', () => {
    const sql = 'select 1;\n  select 2';
    expect(splitStatements(sql).map(({ text, start }) => ({ text, start }))).toEqual([
      { text: 'select 1', start: 0 },
      { text: '\n  select 2', start: 9 },
    ]);
  });
});

describe('lineOfPosition', () => {
  it.each([
    ['a\nb\nc', 1, 1],
    ['a\nb\nc', 3, 2],
    ['a\nb\nc', 5, 3],
    // PostgreSQL counts characters: an emoji is one, not two UTF-16 units.
    ['😀\nx', 3, 2],
  ])('%j at %i is line %i', (text, position, line) => {
    expect(lineOfPosition(text, position)).toBe(line);
  });
});
