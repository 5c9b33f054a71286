import * as z from 'zod/mini';
import { PREVIEW_BRIDGE_CHANNEL } from './preview-bridge-guard';
import {
  PREVIEW_SELECTION_LIMITS as LIMITS,
  PREVIEW_TEXT_MAX_LENGTH,
  PREVIEW_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_PATTERN,
} from './preview-limits';

/**
 * The messages between Mason's window and the bridge script the preview host injects into every
 * preview (DESIGN.md: the preview runs on an origin of its own). Both sides post with the other's
 * exact origin as targetOrigin and drop anything from another origin, another window or with a
 * body that does not parse. Every message carries `channel: PREVIEW_BRIDGE_CHANNEL`.
 *
 * The bridge is a small browser bundle without zod (it takes only preview-limits.ts from here),
 * so it checks the parent's messages by hand; Mason's window parses the bridge's with
 * `parseBridgeMessage`.
 */

export const ConsoleLevelSchema = z.enum(['log', 'info', 'warn', 'error', 'debug']);
export type ConsoleLevel = z.infer<typeof ConsoleLevelSchema>;

/** How the previewed app's URL changed. 'load' is the first report of a page load. */
export const UrlChangeKindSchema = z.enum(['load', 'push', 'replace', 'pop', 'hash']);
export type UrlChangeKind = z.infer<typeof UrlChangeKindSchema>;

const text = (max: number) => z.string().check(z.maxLength(max));

/**
 * An element picked in layout mode, read from the source attributes of the preview build
 * (data-mason-file, -line, -col, -component) and from the element as it is now.
 */
export const PreviewSelectionSchema = z.object({
  componentName: text(LIMITS.componentName),
  filePath: text(LIMITS.filePath),
  line: z.number().check(z.int(), z.gte(1)),
  column: z.number().check(z.int(), z.gte(1)),
  /** Where the element's JSX is: 'src/App.tsx:12:7'. */
  filePart: text(LIMITS.filePart),
  /** The previewed app's path when it was picked ('/about'). */
  page: text(LIMITS.page),
  tagName: text(LIMITS.tagName),
  /** The class attribute as rendered ('' when none). */
  className: text(LIMITS.className),
  /** The element's text when it holds only text; null when it holds other elements. */
  textContent: z.nullable(text(LIMITS.textContent)),
  /**
   * The code that makes the element's text (`{TITLE}`) when the text cannot be changed in place;
   * absent when it can (see PREVIEW_TEXT_FROM_CODE_ATTRIBUTE).
   */
  textFromCode: z.optional(text(LIMITS.textFromCode)),
  /** The inline style as rendered, property (kebab-case) to value. */
  style: z.record(text(LIMITS.styleProperty), text(LIMITS.styleValue)),
  /** An image's source as the page wrote it ('' when it has none); absent for other elements. */
  src: z.optional(text(LIMITS.src)),
  /** How many elements on the page come from the same JSX (more than 1 in a .map). */
  instances: z.number().check(z.int(), z.gte(1)),
});
export type PreviewSelection = z.infer<typeof PreviewSelectionSchema>;

/** A build problem at a place in the source (the preview builder's and the agent's check's). */
export const BuildDiagnosticSchema = z.object({
  severity: z.enum(['error', 'warning']),
  /** Project-relative path; null when the problem is not in one file. */
  file: z.nullable(text(LIMITS.filePath)),
  /** 1-based; null when unknown. */
  line: z.nullable(z.number()),
  column: z.nullable(z.number()),
  message: text(PREVIEW_TEXT_MAX_LENGTH),
});
export type BuildDiagnostic = z.infer<typeof BuildDiagnosticSchema>;

/** What the bridge tells Mason's window. */
export const BridgeMessageSchema = z.discriminatedUnion('type', [
  /** The bridge is running; `url` is the app's path + search + hash. */
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('ready'),
    url: text(PREVIEW_URL_MAX_LENGTH),
    /** The version shown; null on a page that shows no version (an error page). */
    versionIndex: z.nullable(z.number().check(z.int(), z.gte(0))),
    versionId: z.nullable(text(64)),
  }),
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('url'),
    url: text(PREVIEW_URL_MAX_LENGTH),
    kind: UrlChangeKindSchema,
  }),
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('console'),
    level: ConsoleLevelSchema,
    text: text(PREVIEW_TEXT_MAX_LENGTH),
  }),
  /** Mason's own note about the preview (not the app's): the console shows it once, as information. */
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('notice'),
    text: text(PREVIEW_TEXT_MAX_LENGTH),
  }),
  /** An uncaught error or an unhandled rejection. */
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('error'),
    kind: z.enum(['error', 'unhandledrejection']),
    message: text(PREVIEW_TEXT_MAX_LENGTH),
    stack: z.nullable(text(PREVIEW_TEXT_MAX_LENGTH)),
  }),
  /** The host could not build the version: the page shows them and so should Mason. */
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('build-failed'),
    diagnostics: z.array(BuildDiagnosticSchema),
  }),
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('selected'),
    selection: PreviewSelectionSchema,
  }),
  /**
   * The page as it shows now, for the project card (asked for by 'capture-thumbnail'): a base64
   * data URL of a JPEG, WebP or PNG, for the version Mason's window named.
   */
  z.object({
    channel: z.literal(PREVIEW_BRIDGE_CHANNEL),
    type: z.literal('thumbnail'),
    versionId: text(64),
    image: z
      .string()
      .check(
        z.maxLength(PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH),
        z.regex(PROJECT_THUMBNAIL_DATA_URL_PATTERN),
      ),
  }),
]);
export type BridgeMessage = z.infer<typeof BridgeMessageSchema>;

/** A live, unsaved change shown in the preview before it is saved (visual edit). */
export interface PreviewEditPreview {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  /** undefined: leave as is. */
  readonly className?: string;
  readonly textContent?: string;
  /** An image's new source. */
  readonly src?: string;
  /** Property (kebab-case or camelCase) to value; '' removes the property. */
  readonly style?: Readonly<Record<string, string>>;
  /** Hide the element (a pending delete). */
  readonly hidden?: boolean;
}

/** What Mason's window tells the bridge. */
export type ParentMessage =
  | {
      readonly channel: typeof PREVIEW_BRIDGE_CHANNEL;
      readonly type: 'navigate';
      readonly url: string;
    }
  | { readonly channel: typeof PREVIEW_BRIDGE_CHANNEL; readonly type: 'back' }
  | { readonly channel: typeof PREVIEW_BRIDGE_CHANNEL; readonly type: 'forward' }
  | { readonly channel: typeof PREVIEW_BRIDGE_CHANNEL; readonly type: 'reload' }
  | {
      readonly channel: typeof PREVIEW_BRIDGE_CHANNEL;
      readonly type: 'layout-mode';
      readonly enabled: boolean;
    }
  | {
      readonly channel: typeof PREVIEW_BRIDGE_CHANNEL;
      readonly type: 'preview-edits';
      /** Replaces every earlier preview edit; [] puts the page back as built. */
      readonly edits: readonly PreviewEditPreview[];
    }
  | {
      readonly channel: typeof PREVIEW_BRIDGE_CHANNEL;
      /**
       * Once the page has settled (loaded, its fonts and images in, the browser idle), post a
       * 'thumbnail' of what it shows, for this version. A page that cannot capture says nothing.
       */
      readonly type: 'capture-thumbnail';
      readonly versionId: string;
    };
