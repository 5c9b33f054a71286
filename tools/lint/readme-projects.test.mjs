// README's table of projects ("How the code is laid out") against the Nx graph: every project of
// the workspace has a row of its own, and every row names a project.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Nx's own command, run on this Node (not through npx, which takes a parent `npm exec`'s settings).
const require = createRequire(import.meta.url);
const nxPackage = require.resolve('nx/package.json');
const nx = path.join(path.dirname(nxPackage), require(nxPackage).bin.nx);

/** The rows of the README's project table: the folder each names, in order. */
export function tableRows(readme) {
  const lines = readme.split('\n');
  const header = lines.findIndex((line) => /^\|\s*project\s*\|\s*what it is\s*\|$/.test(line));
  assert.ok(header >= 0, 'README.md has no table headed "| project | what it is |"');
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const folder = /^\|\s*`([^`]+)`\s*\|\s*\S/.exec(line);
    assert.ok(folder, `README.md: this row names no project folder: ${line}`);
    rows.push(folder[1]);
  }
  return rows;
}

/** Every project of the Nx graph: its folder. */
function graphProjectRoots() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mason-graph-'));
  try {
    const file = path.join(dir, 'graph.json');
    execFileSync(process.execPath, [nx, 'graph', `--file=${file}`], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const { graph } = JSON.parse(readFileSync(file, 'utf8'));
    return Object.values(graph.nodes).map((node) => node.data.root);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the table reads one folder per row and stops at its end', () => {
  const readme = [
    '| project | what it is |',
    '|---|---|',
    '| `apps/web` | the shell |',
    '| `libs/contract` | the schemas |',
    '',
    '| `libs/elsewhere` | another table |',
  ].join('\n');
  assert.deepEqual(tableRows(readme), ['apps/web', 'libs/contract']);
  assert.throws(
    () => tableRows('| project | what it is |\n|---|---|\n| apps/web | no folder |\n'),
    /names no project folder/,
  );
});

test("README's table lists every project of the Nx graph once, and only those", () => {
  const rows = tableRows(readFileSync(path.join(root, 'README.md'), 'utf8'));
  const projects = graphProjectRoots();

  const twice = rows.filter((row, index) => rows.indexOf(row) !== index);
  assert.deepEqual(twice, [], `README.md lists these projects more than once: ${twice.join(', ')}`);
  const missing = projects.filter((project) => !rows.includes(project)).sort();
  assert.deepEqual(missing, [], `README.md's table of projects misses: ${missing.join(', ')}`);
  const unknown = rows.filter((row) => !projects.includes(row));
  assert.deepEqual(
    unknown,
    [],
    `README.md's table names no project of the Nx graph: ${unknown.join(', ')}`,
  );
});
