import type { DatabaseRow } from '@mason/contract';

type Value = DatabaseRow[string];

/** A value as the row browser shows it and its editor starts from (null is shown apart). */
export function cellText(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const JSON_TYPES = new Set(['json', 'jsonb']);

/**
 * What an edited cell sends: JSON columns their parsed value (or the text, which PostgreSQL then
 * refuses in its own words), every other column the text, which PostgreSQL reads as the column's
 * type ('42', 'true', '2026-01-01').
 */
export function valueOfText(text: string, type: string): Value {
  if (!JSON_TYPES.has(type)) return text;
  try {
    return JSON.parse(text) as Value;
  } catch {
    return text;
  }
}
