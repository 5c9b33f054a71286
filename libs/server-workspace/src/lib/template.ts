import type { Executor, VersionRow } from '@mason/server-db';
import { putBlobs } from './blobs';
import { STARTER_FILES } from './starter-files';
import { createVersionIn, latestVersionIn, lockProject } from './version-store';

/**
 * Packages every preview page loads once and shares (through an import map): React must be one
 * instance per page, and the router with it.
 */
export const SHARED_RUNTIME_PACKAGES: readonly string[] = Object.freeze([
  'react',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react/jsx-runtime',
]);

/**
 * Packages bundled into each app's preview build, tree-shaken (only the icons an app uses): the
 * few that generated React apps commonly need, and those the starter's component kit is made of.
 */
export const BUNDLED_RUNTIME_PACKAGES: readonly string[] = Object.freeze([
  'clsx',
  'tailwind-merge',
  'lucide-react',
  'class-variance-authority',
  // The primitives of the starter's component kit (src/components/ui/).
  '@radix-ui/react-checkbox',
  '@radix-ui/react-dialog',
  '@radix-ui/react-dropdown-menu',
  '@radix-ui/react-label',
  '@radix-ui/react-select',
  '@radix-ui/react-slot',
  '@radix-ui/react-switch',
  '@radix-ui/react-tabs',
  '@radix-ui/react-toast',
  // The app's database and sign-in (issue 34): Mason's data API speaks its wire format.
  '@supabase/supabase-js',
]);

/**
 * The packages a generated app may import: the preview bundler provides exactly these, and the
 * agent's system prompt lists them. Anything else is reported by the compile check.
 */
export const RUNTIME_PACKAGES: readonly string[] = Object.freeze([
  ...SHARED_RUNTIME_PACKAGES,
  ...BUNDLED_RUNTIME_PACKAGES,
]);

/**
 * The app every new project starts from (version 0): path -> text. Its files live in
 * libs/server-workspace/starter/, where they lint and type check; STARTER_FILES is their bundled copy.
 */
export const TEMPLATE_FILES: Readonly<Record<string, string>> = Object.freeze({ ...STARTER_FILES });

/**
 * Writes the template as the project's version 0 (no task). Throws when the project already has
 * a version: a project starts from the template once.
 */
export function createProjectFromTemplate(
  executor: Executor,
  projectId: string,
  options: { summary: string },
): Promise<VersionRow> {
  return createProjectFromFiles(executor, projectId, TEMPLATE_FILES, options);
}

/**
 * Writes `files` (path -> content; paths already checked) as the project's version 0, the
 * template's or an imported repository's. Throws when the project already has a version.
 */
export async function createProjectFromFiles(
  executor: Executor,
  projectId: string,
  files: Readonly<Record<string, string | Uint8Array>>,
  options: { summary: string },
): Promise<VersionRow> {
  const paths = Object.keys(files).sort();
  const hashes = await putBlobs(
    executor,
    paths.map((path) => files[path] ?? ''),
  );
  return executor.transaction(async (tx) => {
    await lockProject(tx, projectId);
    if (await latestVersionIn(tx, projectId)) {
      throw new Error(
        `Project ${projectId} already has files; these can only be its first version.`,
      );
    }
    return createVersionIn(tx, {
      projectId,
      manifest: Object.fromEntries(paths.map((path, position) => [path, hashes[position]])),
      summary: options.summary,
      taskId: null,
      parentVersionId: null,
    });
  });
}
