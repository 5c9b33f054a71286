// Horizontal filters into plain values: `column=[not.]op.value` and the logic trees of
// `or=(...)` / `and=(...)` (PostgREST's docs "Horizontal filtering").
import { parseError } from './errors';

export const filterOperators = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  in: 'in',
  is: 'is',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

export type FilterOperator = keyof typeof filterOperators;

export const isValues = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof isValues)[number];

export interface Filter {
  kind: 'filter';
  column: string;
  negated: boolean;
  operator: FilterOperator;
  /** The text after the operator; a list for `in`. */
  value: string | string[];
  /** The text search configuration of `fts(english)`. */
  language?: string;
}

export interface Logic {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  conditions: Condition[];
}

export type Condition = Filter | Logic;

const expecting = 'unexpected "%s" expecting "not" or operator (eq, gt, ...)';

/** Splits at top-level commas, keeping parentheses and double-quoted text together. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '\\' && quoted && i + 1 < text.length) {
      current += char + text.charAt(i + 1);
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseList(text: string, whole: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(
      'filter',
      whole,
      whole.length - text.length + 1,
      'unexpected input expecting "("',
    );
  }
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/** Parses the value of a filter (`not.in.(1,2)`) on `column`; `inLogic` unquotes values. */
export function parseFilter(column: string, text: string, inLogic = false): Filter {
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([A-Za-z0-9_]+)\))?\./.exec(rest);
  const name = match?.[1];
  if (!match || !name || !(name in filterOperators)) {
    const at = text.length - rest.length;
    const bad = (name ?? rest).charAt(0) || rest;
    throw parseError('filter', text, at + 1, expecting.replace('%s', bad));
  }
  const operator = name as FilterOperator;
  const raw = rest.slice(match[0].length);
  const language = match[2];
  if (language && !operator.endsWith('fts')) {
    throw parseError('filter', text, (match[1] ?? '').length + 1, 'unexpected "(" expecting "."');
  }
  let value: string | string[] = inLogic ? unquote(raw) : raw;
  if (operator === 'in') value = parseList(raw, text);
  if (operator === 'is' && !(isValues as readonly string[]).includes(raw.toLowerCase())) {
    throw parseError(
      'filter',
      text,
      text.length - raw.length + 1,
      `unexpected "${raw.charAt(0)}" expecting null or trilean value (unknown, true, false)`,
    );
  }
  if (operator === 'is') value = raw.toLowerCase();
  return { kind: 'filter', column, negated, operator, value, ...(language ? { language } : {}) };
}

function parseLogicItem(item: string, whole: string): Condition {
  const logic = /^(not\.)?(and|or)\((.*)\)$/s.exec(item);
  if (logic) {
    return parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), `(${logic[3]})`, whole);
  }
  const dot = item.indexOf('.');
  if (dot <= 0)
    throw parseError('logic tree', whole, 1, `unexpected "${item}" expecting field name`);
  return parseFilter(unquote(item.slice(0, dot)), item.slice(dot + 1), true);
}

/** Parses `(a.eq.1,or(b.gt.2,c.is.null))`, the value of `or=` / `and=`. */
export function parseLogic(
  operator: 'and' | 'or',
  negated: boolean,
  text: string,
  whole = text,
): Logic {
  if (!text.startsWith('(') || !text.endsWith(')') || text.length < 3) {
    throw parseError('logic tree', whole, 1, 'unexpected input expecting "("');
  }
  const conditions = splitTopLevel(text.slice(1, -1)).map((item) => parseLogicItem(item, whole));
  return { kind: 'logic', operator, negated, conditions };
}
