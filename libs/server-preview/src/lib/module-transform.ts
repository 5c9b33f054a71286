import { createHash } from 'node:crypto';
import type { Diagnostic } from '@mason/server-workspace';
import { PreviewSyntaxError } from './errors';
import { NOT_HOT, registerHotModule, type HotModuleInfo } from './hot-registration';
import { directLucideImports } from './lucide-imports';
import { tagJsxSource } from './tag-jsx-source';

/** One project module as the preview builds it. */
export interface TransformedModule {
  readonly code: string;
  readonly info: HotModuleInfo;
  /** Why its elements cannot be selected in the preview (Babel refused it); null when they can. */
  readonly warning: Diagnostic | null;
}

export type ScriptLoader = 'tsx' | 'jsx' | 'ts' | 'js';

/**
 * What the preview does to a project module before esbuild bundles it: every .tsx/.jsx element
 * tagged with its source (tagJsxSource), lucide icons imported one module each
 * (directLucideImports), and the module registered with the hot runtime (registerHotModule).
 * Lines and columns of the file stay where they were, so esbuild's messages point into the
 * stored source. A file Babel cannot parse is left for esbuild to report.
 */
export function transformModule(
  contents: string,
  filePath: string,
  loader: ScriptLoader,
): TransformedModule {
  let tagged = contents;
  if (loader === 'tsx' || loader === 'jsx') {
    try {
      tagged = tagJsxSource(contents, filePath);
    } catch (error) {
      if (!(error instanceof PreviewSyntaxError)) throw error;
      // esbuild reports the syntax error itself, in the same words as the agent's check;
      // should esbuild accept what Babel refused, the build says why nothing is selectable.
      return {
        code: directLucideImports(contents),
        info: NOT_HOT,
        warning: {
          ...error.diagnostic,
          severity: 'warning',
          message: `Elements of ${filePath} cannot be selected in the preview: ${error.diagnostic.message}`,
        },
      };
    }
  }
  const { code, info } = registerHotModule(directLucideImports(tagged), filePath);
  return { code, info, warning: null };
}

/**
 * Transformed modules by path and content, the least recently used dropped first: a rebuild
 * after one edited file transforms that file only, and switching versions transforms nothing.
 */
export class TransformCache {
  readonly maxEntries: number;
  private readonly entries = new Map<string, TransformedModule>();

  constructor(maxEntries = 5000) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  transform(contents: string, filePath: string, loader: ScriptLoader): TransformedModule {
    const key = `${loader}:${filePath}:${createHash('sha1').update(contents).digest('base64')}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const transformed = transformModule(contents, filePath, loader);
    this.entries.set(key, transformed);
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return transformed;
  }
}
