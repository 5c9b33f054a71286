import { PREVIEW_TEXT_MAX_LENGTH } from '@mason/contract/preview';

/** `text` cut to `limit` characters: the contract refuses longer texts. */
export function cut(text: string, limit: number = PREVIEW_TEXT_MAX_LENGTH): string {
  return text.length > limit ? text.slice(0, limit) : text;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 1-based line or column. */
export function isPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}
