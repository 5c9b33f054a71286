// The query string and headers of a request into one plain value: what to select, the filters,
// order and page of each level (root '' and embedded paths like 'comments'), and preferences.
import { parseError } from './errors';
import { type Condition, parseFilter, parseLogic } from './parse-filter';
import { parseColumns, parseSelect, type SelectItem } from './parse-select';

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: 'first' | 'last';
}

export interface ReadShape {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  rollback: boolean;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Filters, order and page per level: '' is the root, 'comments' an embedded resource. */
  shapes: Record<string, ReadShape>;
  columns?: string[];
  onConflict?: string[];
  /** Query parameters named like the function's arguments (GET /rpc/fn?a=1). */
  args: Record<string, string>;
  preferences: Preferences;
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, as an object. */
  singular: boolean;
}

export function parseOrder(text: string): OrderTerm[] {
  return text.split(',').map((term) => {
    const match =
      /^("(?:[^"\\]|\\.)*"|[^.,"]+)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/.exec(term);
    if (!match || !match[1]) {
      const good =
        /^("(?:[^"\\]|\\.)*"|[^.,"]+)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?/.exec(term);
      const at = text.indexOf(term) + (good?.[0].length ?? 0);
      throw parseError(
        'order',
        text,
        at + 1,
        `unexpected '${text.charAt(at)}' expecting "," or end of input`,
      );
    }
    const column = match[1].startsWith('"') ? match[1].slice(1, -1) : match[1];
    const nulls =
      match[3] === 'nullsfirst' ? 'first' : match[3] === 'nullslast' ? 'last' : undefined;
    return { column, descending: match[2] === 'desc', ...(nulls ? { nulls } : {}) };
  });
}

function parseCount(what: string, text: string): number {
  if (!/^\d+$/.test(text)) {
    throw parseError(what, text, 1, `unexpected "${text.charAt(0)}" expecting digit`);
  }
  return Number(text);
}

export function parsePreferences(header: string | undefined): Preferences {
  const preferences: Preferences = { return: 'minimal', rollback: false };
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (
      key === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
      preferences.return = value;
    } else if (
      key === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      preferences.count = value;
    } else if (
      key === 'resolution' &&
      (value === 'merge-duplicates' || value === 'ignore-duplicates')
    ) {
      preferences.resolution = value;
    } else if (key === 'missing' && (value === 'default' || value === 'null')) {
      preferences.missing = value;
    } else if (key === 'tx' && value === 'rollback') {
      preferences.rollback = true;
    }
  }
  return preferences;
}

/** `Range: 0-9` into an offset and a limit. */
export function parseRangeHeader(
  header: string | undefined,
): { offset: number; limit?: number } | undefined {
  const match = /^\s*(\d+)-(\d*)\s*$/.exec(header ?? '');
  if (!match) return undefined;
  const offset = Number(match[1]);
  if (!match[2]) return { offset };
  return { offset, limit: Math.max(0, Number(match[2]) - offset + 1) };
}

function shapeOf(shapes: Record<string, ReadShape>, path: string): ReadShape {
  let shape = shapes[path];
  if (!shape) {
    shape = { conditions: [], order: [] };
    shapes[path] = shape;
  }
  return shape;
}

const rootOnly = new Set(['select', 'columns', 'on_conflict']);

/** Parses the query string and headers; `argNames` are the arguments of the called function. */
export function parseQuery(
  query: URLSearchParams,
  headers: Record<string, string | undefined>,
  argNames: ReadonlySet<string> = new Set(),
): ParsedQuery {
  const shapes: Record<string, ReadShape> = { '': { conditions: [], order: [] } };
  const parsed: ParsedQuery = {
    select: parseSelect(query.get('select')),
    shapes,
    args: {},
    preferences: parsePreferences(headers['prefer']),
    singular: (headers['accept'] ?? '').includes('application/vnd.pgrst.object+json'),
  };
  const columns = query.get('columns');
  if (columns) parsed.columns = parseColumns(columns);
  const onConflict = query.get('on_conflict');
  if (onConflict) parsed.onConflict = parseColumns(onConflict);
  for (const [key, value] of query) {
    if (rootOnly.has(key)) continue;
    if (argNames.has(key)) {
      parsed.args[key] = value;
      continue;
    }
    const logic = /^(?:(.*)\.)?(not\.)?(and|or)$/.exec(key);
    if (logic) {
      const shape = shapeOf(shapes, logic[1] ?? '');
      shape.conditions.push(parseLogic(logic[3] as 'and' | 'or', Boolean(logic[2]), value));
      continue;
    }
    const dot = key.lastIndexOf('.');
    const path = dot < 0 ? '' : key.slice(0, dot);
    const name = dot < 0 ? key : key.slice(dot + 1);
    const shape = shapeOf(shapes, path);
    if (name === 'order') shape.order.push(...parseOrder(value));
    else if (name === 'limit') shape.limit = parseCount('limit', value);
    else if (name === 'offset') shape.offset = parseCount('offset', value);
    else shape.conditions.push(parseFilter(name, value));
  }
  const root = shapeOf(shapes, '');
  const range = parseRangeHeader(headers['range']);
  if (range && root.limit === undefined && root.offset === undefined) {
    root.offset = range.offset;
    if (range.limit !== undefined) root.limit = range.limit;
  }
  return parsed;
}
