#!/usr/bin/env node
// Bundles the preview bridge (libs/server-preview/src/lib/bridge/*.ts, with the constants they
// import from @mason/contract) into src/lib/bridge-bundle.ts as data, so the server never runs
// esbuild over the workspace's sources: jest, `npm start` and apps/api's esbuild bundle serve the
// same committed scripts. Two of them: the bridge (main.ts), written in every preview page, and
// the thumbnail renderer (thumbnail-render.ts, with html-to-image), which the bridge imports only
// when Mason asks for a picture.
//   node libs/server-preview/scripts/bundle-bridge.mjs          writes the module
//   node libs/server-preview/scripts/bundle-bridge.mjs --check  prints {"upToDate", "inputs":
//                                                               {"bridge", "renderer"}}
// bridge-script.spec.ts runs --check: it fails when the module and the sources differ.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const lib = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bridgeFolder = path.join(lib, 'src/lib/bridge');
const output = path.join(lib, 'src/lib/bridge-bundle.ts');

// For the browsers the preview supports (ES2022), minified. Imports resolve through the
// workspace's tsconfig paths.
const bundle = (entry, format) =>
  esbuild.build({
    entryPoints: [path.join(bridgeFolder, entry)],
    bundle: true,
    write: false,
    metafile: true,
    format,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: bridgeFolder,
    outfile: entry.replace(/\.ts$/, '.js'),
  });

// The bridge is one classic script (an IIFE that defines no global); the renderer an ES module.
const [bridge, renderer] = await Promise.all([
  bundle('main.ts', 'iife'),
  bundle('thumbnail-render.ts', 'esm'),
]);

const source = `// Generated from src/lib/bridge/ by libs/server-preview/scripts/bundle-bridge.mjs: edit the
// bridge's modules, then run \`npx nx run server-preview:bundle-bridge\`.

/** The preview bridge, bundled and minified: the script the preview host writes in its pages. */
export const BRIDGE_SCRIPT = ${JSON.stringify(bridge.outputFiles[0].text)};

/** The thumbnail renderer, an ES module the bridge imports when Mason asks for a picture. */
export const THUMBNAIL_SCRIPT = ${JSON.stringify(renderer.outputFiles[0].text)};
`;

if (process.argv.includes('--check')) {
  const inputsOf = (result) =>
    Object.values(result.metafile.outputs).flatMap((built) =>
      Object.entries(built.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file),
    );
  const inputs = { bridge: inputsOf(bridge), renderer: inputsOf(renderer) };
  const current = fs.existsSync(output) ? fs.readFileSync(output, 'utf8') : '';
  process.stdout.write(JSON.stringify({ upToDate: current === source, inputs }));
} else {
  fs.writeFileSync(output, source);
}
