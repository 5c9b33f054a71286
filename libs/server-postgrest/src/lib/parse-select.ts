// `select=` into a tree of plain values: columns (with an alias and a cast), `*`, and embedded
// resources (`alias:relation!hint(...)`), the grammar of PostgREST's docs "Vertical filtering".
import { parseError } from './errors';

export interface StarItem {
  kind: 'star';
}

export interface ColumnItem {
  kind: 'column';
  name: string;
  alias?: string;
  cast?: string;
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias?: string;
  /** A foreign key's name or column that picks one relationship among several. */
  hint?: string;
  /** `!inner`: only parent rows that have a match. */
  inner: boolean;
  select: SelectItem[];
}

export type SelectItem = StarItem | ColumnItem | EmbedItem;

const nameChar = /[^,():!."\s]/;

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  peek(ahead = 0): string {
    return this.text.charAt(this.pos + ahead);
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  fail(expecting: string): never {
    const found = this.done() ? 'end of input' : `"${this.peek()}"`;
    throw parseError(
      'select',
      this.text,
      this.pos + 1,
      `unexpected ${found} expecting ${expecting}`,
    );
  }
}

function readName(cursor: Cursor): string {
  if (cursor.peek() === '"') {
    cursor.pos++;
    let name = '';
    while (!cursor.done() && cursor.peek() !== '"') {
      if (cursor.peek() === '\\' && cursor.peek(1) !== '') cursor.pos++;
      name += cursor.peek();
      cursor.pos++;
    }
    if (cursor.done()) cursor.fail('closing quote');
    cursor.pos++;
    return name;
  }
  const start = cursor.pos;
  while (!cursor.done() && nameChar.test(cursor.peek())) cursor.pos++;
  if (cursor.pos === start) cursor.fail('field name (* or [a..z0..9_$])');
  return cursor.text.slice(start, cursor.pos);
}

function readCast(cursor: Cursor): string | undefined {
  if (cursor.peek() !== ':' || cursor.peek(1) !== ':') return undefined;
  cursor.pos += 2;
  const match = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(cursor.text.slice(cursor.pos));
  if (!match) cursor.fail('a type name');
  cursor.pos += match[0].length;
  return match[0];
}

function readItem(cursor: Cursor): SelectItem {
  if (cursor.peek() === '*') {
    cursor.pos++;
    return { kind: 'star' };
  }
  let first = readName(cursor);
  let alias: string | undefined;
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++;
    alias = first;
    first = readName(cursor);
  }
  let hint: string | undefined;
  let inner = false;
  while (cursor.peek() === '!') {
    cursor.pos++;
    const word = readName(cursor);
    if (word === 'inner') inner = true;
    else if (word !== 'left') hint = word;
  }
  if (cursor.peek() === '(') {
    cursor.pos++;
    const select = cursor.peek() === ')' ? [] : readList(cursor);
    if (cursor.peek() !== ')') cursor.fail('")"');
    cursor.pos++;
    return {
      kind: 'embed',
      relation: first,
      inner,
      select,
      ...(alias ? { alias } : {}),
      ...(hint ? { hint } : {}),
    };
  }
  if (hint !== undefined || inner) cursor.fail('"("');
  const cast = readCast(cursor);
  return { kind: 'column', name: first, ...(alias ? { alias } : {}), ...(cast ? { cast } : {}) };
}

function readList(cursor: Cursor): SelectItem[] {
  const items = [readItem(cursor)];
  while (cursor.peek() === ',') {
    cursor.pos++;
    items.push(readItem(cursor));
  }
  return items;
}

/** Parses a `select=` value; an absent or empty one is `*`. */
export function parseSelect(text: string | null | undefined): SelectItem[] {
  const cleaned = (text ?? '').trim();
  if (cleaned === '') return [{ kind: 'star' }];
  const cursor = new Cursor(cleaned);
  const items = readList(cursor);
  if (!cursor.done()) cursor.fail('"," or end of input');
  return items;
}

/** Parses `columns=` (insert and upsert): names, optionally quoted, separated by commas. */
export function parseColumns(text: string): string[] {
  const cursor = new Cursor(text.trim());
  const names = [readName(cursor)];
  while (cursor.peek() === ',') {
    cursor.pos++;
    names.push(readName(cursor));
  }
  if (!cursor.done()) cursor.fail('"," or end of input');
  return names;
}
