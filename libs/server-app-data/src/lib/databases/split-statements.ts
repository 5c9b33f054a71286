// A script's statements, found the way psql finds them: a `;` outside quotes ('...', E'...',
// "...", $tag$...$tag$), comments (--, nested /* */) and SQL-standard function bodies
// (BEGIN ATOMIC ... END) ends one. Used to check migrations before they run and to find the
// statement a position-less error came from; the script itself runs whole, as PostgreSQL parses it.

export interface Statement {
  /** The statement's text, without its `;`. */
  readonly text: string;
  /** Where `text` starts in the script (a UTF-16 index). */
  readonly start: number;
  /** 1-based line of its first character that is not space or comment. */
  readonly line: number;
  /** Its first word in lower case ('' when it starts with a symbol). */
  readonly keyword: string;
}

const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;
const WORD_START = /[A-Za-z_\u0080-\uffff]/;

export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let start = 0;
  let first = -1; // index of the statement's first significant character
  let words: string[] = [];
  let depth = 0; // BEGIN ATOMIC ... END nesting (CASE ... END inside it)
  let line = 1;
  let firstLine = 1;

  const finish = (end: number) => {
    if (first >= 0)
      statements.push({
        text: sql.slice(start, end),
        start,
        line: firstLine,
        keyword: WORD_START.test(sql[first] ?? '') ? (words[0] ?? '') : '',
      });
    start = end + 1;
    first = -1;
    words = [];
    depth = 0;
  };
  const mark = (index: number) => {
    if (first < 0) {
      first = index;
      firstLine = line;
    }
  };
  /** Index just past `end` in sql from `from`, counting lines; the script's end when missing. */
  const skipTo = (from: number, end: string) => {
    const found = sql.indexOf(end, from);
    const stop = found < 0 ? sql.length : found + end.length;
    for (let k = from; k < stop; k += 1) if (sql[k] === '\n') line += 1;
    return stop;
  };

  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '\n') {
      line += 1;
      i += 1;
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (c === '/' && next === '*') {
      let nesting = 0;
      while (i < sql.length) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          nesting += 1;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          nesting -= 1;
          i += 2;
          if (nesting === 0) break;
        } else {
          if (sql[i] === '\n') line += 1;
          i += 1;
        }
      }
    } else if (c === "'" || c === '"') {
      mark(i);
      const escapes = c === "'" && /[eE]/.test(sql[i - 1] ?? '') && !WORD.test(sql[i - 2] ?? '');
      i += 1;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === c && sql[i + 1] === c) i += 2;
        else if (sql[i] === c) break;
        else {
          if (sql[i] === '\n') line += 1;
          i += 1;
        }
      }
      i += 1;
    } else if (c === '$' && !WORD.test(sql[i - 1] ?? '')) {
      const tag = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i));
      mark(i);
      if (tag) i = skipTo(i + tag[0].length, tag[0]);
      else i += 1;
    } else if (c === ';' && depth === 0) {
      finish(i);
      i += 1;
    } else if (WORD_START.test(c ?? '')) {
      mark(i);
      let end = i;
      while (end < sql.length && WORD.test(sql[end] ?? '')) end += 1;
      const word = sql.slice(i, end).toLowerCase();
      const previous = words[words.length - 1];
      if (word === 'atomic' && previous === 'begin') depth += 1;
      else if (depth > 0 && word === 'case') depth += 1;
      else if (depth > 0 && word === 'end') depth -= 1;
      words.push(word);
      i = end;
    } else {
      if (!/\s/.test(c ?? '')) mark(i);
      i += 1;
    }
  }
  finish(sql.length);
  return statements;
}

/** The 1-based line of a 1-based character position (PostgreSQL counts characters, not UTF-16 units). */
export function lineOfPosition(text: string, position: number): number {
  let line = 1;
  let count = 0;
  for (const char of text) {
    count += 1;
    if (count >= position) break;
    if (char === '\n') line += 1;
  }
  return line;
}
