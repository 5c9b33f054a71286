import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** The bridge's entry (bridge/main.ts), from the library's sources. */
const ENTRY_IN_LIBRARY = ['bridge', 'main.ts'];

/**
 * Finds the bridge's entry: beside this file when running from source (jest, a TypeScript
 * loader), else in the workspace the server runs from (the bundled server, dist/apps/api/main.js,
 * runs from the workspace root, as it does for the runtime modules it bundles from node_modules).
 */
export function findBridgeEntry(): string {
  const here = typeof __dirname === 'string' ? __dirname : undefined;
  const candidates = [
    here && path.join(here, ...ENTRY_IN_LIBRARY),
    path.join(process.cwd(), 'libs', 'server-preview', 'src', 'lib', ...ENTRY_IN_LIBRARY),
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error(
      `Cannot find the preview bridge's source; looked in: ${candidates.join(', ')}.`,
    );
  return found;
}

/**
 * Bundles the bridge's modules (bridge/*.ts, with the constants they import from
 * @mason/contract, resolved through the workspace's tsconfig paths) into one classic script: an
 * IIFE that defines no global, for the browsers the preview supports (ES2022), minified.
 */
export async function bundleBridge(): Promise<
  esbuild.BuildResult<{ write: false; metafile: true }>
> {
  const entry = findBridgeEntry();
  return esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: path.dirname(entry),
    outfile: 'bridge.js',
  });
}

let script: Promise<string> | null = null;

/**
 * The bridge script the preview host serves at /__mason/bridge.js (it runs in every preview page
 * before the app; the page's `mason-bridge-config` JSON script configures it, see BridgeConfig).
 * Bundled on first use, then kept for the life of the process; a failed bundle is not kept.
 */
export function bridgeScript(): Promise<string> {
  script ??= bundleBridge().then(
    (result) => result.outputFiles[0].text,
    (error: unknown) => {
      script = null;
      throw error;
    },
  );
  return script;
}
