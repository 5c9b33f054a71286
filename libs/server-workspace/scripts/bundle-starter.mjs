#!/usr/bin/env node
// Writes the starter app (libs/server-workspace/starter/, real files that lint and type check)
// into src/lib/starter-files.ts as data. The server then needs no file beside its code: the same
// module works under jest (ts-jest), `npm start` and apps/api's esbuild bundle.
// template.spec.ts fails when the module and the folder differ.
//   node libs/server-workspace/scripts/bundle-starter.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const starter = path.join(lib, 'starter');
const output = path.join(lib, 'src/lib/starter-files.ts');

/** Every file of the starter, as project paths (forward slashes), sorted. */
function listFiles(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    )
    .sort();
}

const entries = listFiles(starter).map((file) => `  ${JSON.stringify(file)}: ${JSON.stringify(fs.readFileSync(path.join(starter, file), 'utf8'))},`);
const source = `// Generated from libs/server-workspace/starter/ by libs/server-workspace/scripts/bundle-starter.mjs:
// edit the starter's files, then run \`npx nx run server-workspace:bundle-starter\`.

/** The starter app's files as data: project path -> text. */
export const STARTER_FILES: Readonly<Record<string, string>> = {
${entries.join('\n')}
};
`;

fs.writeFileSync(output, source);
