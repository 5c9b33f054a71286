import type { BridgeMessage } from './preview-bridge';
import {
  PREVIEW_SELECTION_LIMITS as LIMITS,
  PREVIEW_TEXT_MAX_LENGTH,
  PREVIEW_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_PATTERN,
} from './preview-limits';

// Mason's window checks every message of the bridge. This check is written by hand, without zod:
// zod's number, record and union code would otherwise ride in the chunk every page loads. The
// contract's spec proves it accepts exactly what BridgeMessageSchema accepts.

/** Every message between Mason's window and the bridge carries this `channel`. */
export const PREVIEW_BRIDGE_CHANNEL = 'mason-preview-bridge/1';

/** A CSS property in camelCase or kebab-case ('backgroundColor', 'margin-top', '--radius'). */
export const CSS_PROPERTY_PATTERN = /^(--)?[a-zA-Z][a-zA-Z0-9-]*$/;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isCount = (value: unknown, min: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;
const isNullable = (value: unknown, check: (value: unknown) => boolean) =>
  value === null || check(value);
const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

const CONSOLE_LEVELS: readonly unknown[] = ['log', 'info', 'warn', 'error', 'debug'];
const URL_CHANGES: readonly unknown[] = ['load', 'push', 'replace', 'pop', 'hash'];
const ERROR_KINDS: readonly unknown[] = ['error', 'unhandledrejection'];
const SEVERITIES: readonly unknown[] = ['error', 'warning'];

function isStyle(value: unknown): boolean {
  return (
    isObject(value) &&
    Object.entries(value).every(
      ([key, entry]) => key.length <= LIMITS.styleProperty && isText(entry, LIMITS.styleValue),
    )
  );
}

function isSelection(value: unknown): boolean {
  return (
    isObject(value) &&
    isText(value['componentName'], LIMITS.componentName) &&
    isText(value['filePath'], LIMITS.filePath) &&
    isCount(value['line'], 1) &&
    isCount(value['column'], 1) &&
    isText(value['filePart'], LIMITS.filePart) &&
    isText(value['page'], LIMITS.page) &&
    isText(value['tagName'], LIMITS.tagName) &&
    isText(value['className'], LIMITS.className) &&
    isNullable(value['textContent'], (text) => isText(text, LIMITS.textContent)) &&
    isStyle(value['style']) &&
    (value['src'] === undefined || isText(value['src'], LIMITS.src)) &&
    (value['textFromCode'] === undefined || isText(value['textFromCode'], LIMITS.textFromCode)) &&
    isCount(value['instances'], 1)
  );
}

function isDiagnostic(value: unknown): boolean {
  return (
    isObject(value) &&
    SEVERITIES.includes(value['severity']) &&
    isNullable(value['file'], (file) => isText(file, LIMITS.filePath)) &&
    isNullable(value['line'], isFiniteNumber) &&
    isNullable(value['column'], isFiniteNumber) &&
    isText(value['message'], PREVIEW_TEXT_MAX_LENGTH)
  );
}

const CHECKS: Readonly<Record<string, (message: Fields) => boolean>> = {
  ready: (m) =>
    isText(m['url'], PREVIEW_URL_MAX_LENGTH) &&
    isNullable(m['versionIndex'], (index) => isCount(index, 0)) &&
    isNullable(m['versionId'], (id) => isText(id, 64)),
  url: (m) => isText(m['url'], PREVIEW_URL_MAX_LENGTH) && URL_CHANGES.includes(m['kind']),
  console: (m) => CONSOLE_LEVELS.includes(m['level']) && isText(m['text'], PREVIEW_TEXT_MAX_LENGTH),
  notice: (m) => isText(m['text'], PREVIEW_TEXT_MAX_LENGTH),
  error: (m) =>
    ERROR_KINDS.includes(m['kind']) &&
    isText(m['message'], PREVIEW_TEXT_MAX_LENGTH) &&
    isNullable(m['stack'], (stack) => isText(stack, PREVIEW_TEXT_MAX_LENGTH)),
  'build-failed': (m) => Array.isArray(m['diagnostics']) && m['diagnostics'].every(isDiagnostic),
  selected: (m) => isSelection(m['selection']),
  thumbnail: (m) =>
    isText(m['versionId'], 64) &&
    isText(m['image'], PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH) &&
    PROJECT_THUMBNAIL_DATA_URL_PATTERN.test(m['image']),
};

/** The bridge's message, or null for anything else (a wrong shape is ignored, never thrown). */
export function parseBridgeMessage(data: unknown): BridgeMessage | null {
  if (!isObject(data) || data['channel'] !== PREVIEW_BRIDGE_CHANNEL) return null;
  const check = typeof data['type'] === 'string' ? CHECKS[data['type']] : undefined;
  return check?.(data) ? (data as unknown as BridgeMessage) : null;
}
