// The Node.js every npm script runs on: package.json's "engines" (>=24.11). `npm ci` installs it
// (the `node` devDependency, node_modules/.bin/node) and npm puts it first on PATH for every
// script, whatever Node ran npm itself; what they spawn (`npx nx`, process.execPath, a bare
// `node`) finds it there too. Run outside npm (`node tools/scripts/...` with an older Node),
// a script stops at once and says how to run it.
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);

/** The lowest version a ">=MAJOR[.MINOR[.PATCH]]" range allows, as numbers. */
export function lowestAllowed(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node is not of the form ">=24.11": ${range}`);
  return match.slice(1).map((part) => Number(part ?? 0));
}

/** Why `version` ("v20.20.2") cannot run Mason's scripts, or null when it can. */
export function nodeVersionProblem(version, range = packageJson.engines.node) {
  const lowest = lowestAllowed(range);
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let index = 0; index < 3; index++) {
    if (parts[index] > lowest[index]) return null;
    if (parts[index] < lowest[index]) {
      return (
        `Mason needs Node.js ${lowest.join('.')} or newer (package.json "engines": "${range}"), ` +
        `and this is Node ${version.replace(/^v/, '')}. Run it through npm: \`npm ci\` installs ` +
        'Node 24 (the `node` devDependency) and `npm start`, `npm test` and `npm run bench` run on it.'
      );
    }
  }
  return null;
}

/** Prints which Node runs `what`, and stops the process when it is too old. */
export function requireSupportedNode(what) {
  console.log(`${what}: Node ${process.version} (${process.execPath})`);
  const problem = nodeVersionProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
