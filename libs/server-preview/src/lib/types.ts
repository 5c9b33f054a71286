import type { Diagnostic } from '@mason/server-workspace';

/** A project's files: project-relative path to utf8 text or bytes. */
export type PreviewFiles = ReadonlyMap<string, string | Uint8Array>;

export interface BuildPreviewOptions {
  /** The module to start from; 'src/main.tsx' unless told. */
  readonly entry?: string;
  /**
   * Builds of one context (a project id) rebuild incrementally in one esbuild context
   * (PreviewBuilder, PreviewCache); without one, every build is one-off.
   */
  readonly context?: string;
  /**
   * More esbuild `define` entries: the app's `import.meta.env` (viteEnv of
   * @mason/server-workspace). Builds with other entries never share a build or a hot update.
   */
  readonly define?: Readonly<Record<string, string>>;
}

/**
 * How a page takes a hot update (the line between keeping state and a fresh start):
 * - 'refresh': the changed modules differ only in the markup they render and stylesheets
 *   changed (a visual edit, reworded text, new classes; HotModuleInfo.stateKey): whatever state
 *   the page holds, the new version makes the same way, so React Fast Refresh keeps it.
 * - 'remount': code that starts or changes state may differ (a list's first items, a handler, a
 *   hook, a module's values): the app starts afresh inside the page (its React roots rendered
 *   anew, the URL path kept), so the page shows the version as it renders from a fresh start,
 *   never one version's state in another's code.
 */
export type HotUpdateKind = 'refresh' | 'remount';

/** How a page that shows one build moves to another without a reload, or why it cannot. */
export type HotUpdate =
  | {
      readonly ok: true;
      /** An ES module for the page: the changed modules, bound to the ones it already runs. */
      readonly js: string;
      /**
       * A stylesheet changed: the page's stylesheet is replaced too (PreviewCache also replaces
       * it when the app's CSS is made by Tailwind from the classes in its modules).
       */
      readonly restyle: boolean;
      /** How the page takes it: keeping the app's state, or starting the app afresh. */
      readonly kind: HotUpdateKind;
    }
  | {
      readonly ok: false;
      /** Why the page must reload, as a sentence (for logs and tests). */
      readonly reason: string;
    };

/** A bundled preview, or why there is none. */
export type PreviewBuild =
  | {
      readonly ok: true;
      /** One ES module; the runtime packages are left as bare imports (see README). */
      readonly js: string;
      /** Every stylesheet the app imports, bundled in import order; '' when there is none. */
      readonly css: string;
      /** A stylesheet the app imports is compiled by Tailwind (from the classes in its files). */
      readonly tailwind: boolean;
      /** Warnings only. */
      readonly diagnostics: readonly Diagnostic[];
    }
  | {
      readonly ok: false;
      /** At least one error; warnings may follow. */
      readonly diagnostics: readonly Diagnostic[];
    };
