// The live preview's shared names and numbers: the preview build writes the source attributes,
// the bridge script (a browser bundle of its own) reads them and cuts its messages to these
// lengths, and Mason's window and the preview host check the same lengths. No zod in this file:
// the bridge imports it, and its bundle must stay small.

/** The attributes the preview build puts on every intrinsic JSX element. */
export const PREVIEW_SOURCE_ATTRIBUTES = Object.freeze({
  file: 'data-mason-file',
  line: 'data-mason-line',
  column: 'data-mason-col',
  component: 'data-mason-component',
} as const);

/**
 * The attribute the preview build adds to an element whose text comes from code (`{TITLE}`,
 * `{count} left`): its value is that code, so the edit panel can say, before Save, why the text
 * cannot be changed in place. Text the build leaves it off can be changed where it is written
 * (JSX text, a string literal, a list item or a component's prop).
 */
export const PREVIEW_TEXT_FROM_CODE_ATTRIBUTE = 'data-mason-text-code';

/** Longest code the preview build puts in PREVIEW_TEXT_FROM_CODE_ATTRIBUTE. */
export const PREVIEW_TEXT_FROM_CODE_MAX_LENGTH = 60;

/** Longest console text, error message, error stack or diagnostic message the bridge posts. */
export const PREVIEW_TEXT_MAX_LENGTH = 20_000;

/** Longest app URL (path + search + hash) the bridge posts. */
export const PREVIEW_URL_MAX_LENGTH = 4096;

/** Longest fields of an element picked in layout mode (PreviewSelection). */
export const PREVIEW_SELECTION_LIMITS = Object.freeze({
  componentName: 200,
  filePath: 1024,
  filePart: 2048,
  page: 2048,
  tagName: 100,
  className: 10_000,
  textContent: 10_000,
  textFromCode: PREVIEW_TEXT_FROM_CODE_MAX_LENGTH,
  src: 2048,
  styleProperty: 100,
  styleValue: 1000,
} as const);

/**
 * When an uncaught error of the preview happened: 'load' while a version renders for the first
 * time (the page loads, or a new version is swapped in place) and before the person touches it;
 * 'after-load' once the page has settled or the person clicked, typed or pressed a key (a click's
 * handler, a timer). Only a 'load' error of the assistant's own newest version starts an
 * automatic repair; any other waits for the person's "Fix with AI".
 */
export const PREVIEW_ERROR_PHASES = ['load', 'after-load'] as const;
export type PreviewErrorPhase = (typeof PREVIEW_ERROR_PHASES)[number];

/** A page sends the preview host at most this many uncaught errors per window. */
export const PREVIEW_ERROR_REPORTS_PER_WINDOW = 10;
export const PREVIEW_ERROR_REPORT_WINDOW_MS = 10_000;

/** The largest project thumbnail (the picture's bytes), about 480x300 at JPEG or WebP quality 0.7. */
export const PROJECT_THUMBNAIL_MAX_BYTES = 200 * 1024;

/** The kinds of picture a project thumbnail may be. */
export const PROJECT_THUMBNAIL_TYPES = Object.freeze(['image/jpeg', 'image/webp', 'image/png']);

/** A thumbnail as the bridge posts it and Mason's window sends it: a base64 data URL. */
export const PROJECT_THUMBNAIL_DATA_URL_PATTERN =
  /^data:image\/(jpeg|webp|png);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The longest thumbnail data URL: its prefix and the base64 of PROJECT_THUMBNAIL_MAX_BYTES. */
export const PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH =
  'data:image/jpeg;base64,'.length + Math.ceil(PROJECT_THUMBNAIL_MAX_BYTES / 3) * 4;

/**
 * The longest first paint (the markup an app rendered into its root element) the bridge sends
 * the preview host, in characters: a page past it opens without one.
 */
export const FIRST_PAINT_MAX_LENGTH = 256 * 1024;
