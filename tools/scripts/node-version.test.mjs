// The Node version check of `npm start`, `npm test` and `npm run bench`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { lowestAllowed, nodeVersionProblem } from './node-version.mjs';

const engines = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .engines.node;

test('package.json says Node 24.11 or newer', () => {
  assert.deepEqual(lowestAllowed(engines), [24, 11, 0]);
});

test('Node 20 and 24 before 24.11 are refused with how to run it; 24.11 and newer are not', () => {
  for (const version of ['v20.20.2', 'v22.12.0', 'v24.10.1']) {
    assert.match(nodeVersionProblem(version), /needs Node\.js 24\.11\.0 or newer/);
    assert.match(nodeVersionProblem(version), /Run it through npm/);
  }
  assert.match(nodeVersionProblem('v20.20.2'), /this is Node 20\.20\.2/);
  for (const version of ['v24.11.0', 'v24.21.0', 'v25.0.0', 'v26.1.3']) {
    assert.equal(nodeVersionProblem(version), null);
  }
});

test('the npm scripts run on that Node, and each says which one', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      "import { requireSupportedNode } from './tools/scripts/node-version.mjs'; requireSupportedNode('npm test');",
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  assert.equal(run.stdout, `npm test: Node ${process.version} (${process.execPath})\n`);
  assert.equal(nodeVersionProblem(process.version), null);
});
