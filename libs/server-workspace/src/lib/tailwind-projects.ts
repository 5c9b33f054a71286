import type { Executor, VersionManifest } from '@mason/server-db';
import { readBlobs } from './blobs';
import { usesTailwind } from './tailwind';

/** Whether a version's app is styled with Tailwind: one of its stylesheets is written for it. */
export async function versionUsesTailwind(
  executor: Executor,
  manifest: VersionManifest,
): Promise<boolean> {
  const stylesheets = Object.entries(manifest).filter(([filePath]) => filePath.endsWith('.css'));
  const contents = await readBlobs(
    executor,
    stylesheets.map(([, hash]) => hash),
  );
  return [...contents.values()].some((bytes) => usesTailwind(bytes.toString('utf8')));
}
