#!/usr/bin/env node
// Bundles the preview bridge (libs/server-preview/src/lib/bridge/*.ts, with the constants they
// import from @mason/contract) into src/lib/bridge-bundle.ts as data, so the server never runs
// esbuild over the workspace's sources: jest, `npm start` and apps/api's esbuild bundle serve the
// same committed script.
//   node libs/server-preview/scripts/bundle-bridge.mjs          writes the module
//   node libs/server-preview/scripts/bundle-bridge.mjs --check  prints {"upToDate", "inputs"}
// bridge-script.spec.ts runs --check: it fails when the module and the sources differ.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const lib = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(lib, 'src/lib/bridge/main.ts');
const output = path.join(lib, 'src/lib/bridge-bundle.ts');

// One classic script: an IIFE that defines no global, for the browsers the preview supports
// (ES2022), minified. Imports resolve through the workspace's tsconfig paths.
const result = await esbuild.build({
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

const source = `// Generated from src/lib/bridge/ by libs/server-preview/scripts/bundle-bridge.mjs: edit the
// bridge's modules, then run \`npx nx run server-preview:bundle-bridge\`.

/** The preview bridge, bundled and minified: the script the preview host serves. */
export const BRIDGE_SCRIPT = ${JSON.stringify(result.outputFiles[0].text)};
`;

if (process.argv.includes('--check')) {
  const [built] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(built.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file);
  const current = fs.existsSync(output) ? fs.readFileSync(output, 'utf8') : '';
  process.stdout.write(JSON.stringify({ upToDate: current === source, inputs }));
} else {
  fs.writeFileSync(output, source);
}
