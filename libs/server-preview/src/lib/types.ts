import type { Diagnostic } from '@mason/server-workspace';

/** A project's files: project-relative path to utf8 text or bytes. */
export type PreviewFiles = ReadonlyMap<string, string | Uint8Array>;

export interface BuildPreviewOptions {
  /** The module to start from; 'src/main.tsx' unless told. */
  readonly entry?: string;
}

/** A bundled preview, or why there is none. */
export type PreviewBuild =
  | {
      readonly ok: true;
      /** One ES module; the runtime packages are left as bare imports (see README). */
      readonly js: string;
      /** Every stylesheet the app imports, bundled in import order; '' when there is none. */
      readonly css: string;
      /** Warnings only. */
      readonly diagnostics: readonly Diagnostic[];
    }
  | {
      readonly ok: false;
      /** At least one error; warnings may follow. */
      readonly diagnostics: readonly Diagnostic[];
    };
