import type { Executor, VersionManifest } from '@mason/server-db';
import { readBlobs } from './blobs';
import { TEMPLATE_FILES } from './template';

/**
 * The module script of an index.html, its attributes in any order:
 * `<script type="module" src="/src/main.tsx"></script>`; group 1 is the src.
 */
export const MODULE_SCRIPT =
  /<script\b(?=[^>]*\btype=["']module["'])(?=[^>]*\bsrc=["']([^"']+)["'])[^>]*>\s*<\/script>/i;

/** Modules the preview builds an app from. */
const MODULE_FILE = /\.(tsx|ts|jsx|js|mts|mjs)$/;

/** The project path of the module an index.html loads; null when it loads none. */
function moduleOf(indexHtml: string): string | null {
  const src = MODULE_SCRIPT.exec(indexHtml)?.[1];
  return src === undefined ? null : src.replace(/^\.?\//, '');
}

/**
 * The module an app starts from: the one its index.html loads ('src/main.tsx' in the Vite
 * layout), or the starter's when it has no index.html.
 */
export function entryOf(indexHtml: string | undefined): string {
  return moduleOf(indexHtml ?? TEMPLATE_FILES['index.html'] ?? '') ?? 'src/main.tsx';
}

/**
 * Why the preview cannot run this version, in a sentence for the person; null when it can. The
 * preview runs Vite + React apps: an index.html at the root whose module script is one of the
 * version's files (or, without an index.html, src/main.tsx as in the starter). Anything else (a
 * Next.js app, a plain HTML site, a project in a sub-folder) is kept, shown in the code view, and
 * changed like any other: only the live preview is missing.
 */
export async function previewUnsupportedReason(
  executor: Executor,
  manifest: VersionManifest,
): Promise<string | null> {
  const indexHash = manifest['index.html'];
  const indexHtml = indexHash
    ? (await readBlobs(executor, [indexHash])).get(indexHash)?.toString('utf8')
    : undefined;
  const entry = indexHtml === undefined ? entryOf(undefined) : moduleOf(indexHtml);
  if (entry !== null && entry in manifest && MODULE_FILE.test(entry)) return null;
  const where =
    indexHtml === undefined
      ? 'It has no index.html at its root'
      : entry === null
        ? 'Its index.html loads no module script'
        : `Its index.html loads ${entry}, which is not one of its files`;

  return `The preview runs Vite + React apps: an index.html at the project's root that loads a module such as src/main.tsx. ${where}, so it is not previewed. Its code is all here: read it in the code view, and ask the assistant to change it, or to move it to Vite + React.`;
}
