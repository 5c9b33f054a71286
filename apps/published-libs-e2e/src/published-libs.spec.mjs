// @mason/contract and @mason/api-client as another app gets them: packed with `npm pack` from
// their builds, installed into a scratch project outside the workspace with only what their
// package.json files ask for (taken from the workspace's node_modules: no registry), and used
// by one script (consumer/consumer.ts) against the real Mason server, in plain Node and
// through a bundler. The builds come from Nx (this target depends on them).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { startBuiltMason, workspace } from './built-mason.mjs';

const packages = ['contract', 'api-client'].map((name) => path.join(workspace, 'dist/libs', name));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-consumer-'));
const run = (file, args, options = {}) =>
  execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

/** Packs each package and installs the tarballs, with what they depend on linked from the workspace. */
function installPackages() {
  const manifests = packages.map((dir) =>
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')),
  );
  const tarballs = packages.map((dir) => {
    const [{ filename }] = JSON.parse(
      run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: dir }),
    );
    return path.join(scratch, filename);
  });
  const ours = new Set(manifests.map((manifest) => manifest.name));
  const wanted = new Set(['@types/node']);
  for (const manifest of manifests) {
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (!ours.has(name)) wanted.add(name);
    }
  }
  const linked = [...wanted].map((name) => path.join(workspace, 'node_modules', name));
  fs.writeFileSync(
    path.join(scratch, 'package.json'),
    JSON.stringify({ name: 'mason-consumer', private: true, type: 'module' }, null, 2),
  );
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', ...tarballs, ...linked], {
    cwd: scratch,
  });
}

/** The consumer, with a tsconfig a Node app would have (module nodenext: exports and .d.ts as Node sees them). */
function writeConsumer() {
  fs.copyFileSync(
    path.join(import.meta.dirname, 'consumer/consumer.ts'),
    path.join(scratch, 'consumer.ts'),
  );
  fs.writeFileSync(
    path.join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        outDir: 'out',
      },
      files: ['consumer.ts'],
    }),
  );
}

let mason;
let baseUrl;

before(async () => {
  installPackages();
  writeConsumer();
  mason = await startBuiltMason(scratch);
  baseUrl = mason.baseUrl;
});

after(async () => {
  await mason?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Runs a consumer build and checks what it did against the server. */
function expectTheLoopToWork(file) {
  let output;
  try {
    output = run(process.execPath, [file, baseUrl], { cwd: scratch });
  } catch (error) {
    assert.fail(`${path.basename(file)} failed:\n${error.stderr}`);
  }
  const result = JSON.parse(output.trim().split('\n').pop());
  assert.deepEqual(result.user, { email: result.email, firstName: 'Grace' });
  assert.match(result.project.id, /^[0-9a-f-]{36}$/);
  assert.ok(result.project.name.length > 0);
  assert.equal(result.notFound.status, 404);
  assert.equal(result.notFound.kind, 'other');
  assert.ok(result.notFound.message.length > 0);
  assert.doesNotMatch(result.notFound.message, /at \w+ \(|node_modules/);
  assert.equal(result.fixture, true);
}

test('a TypeScript app (module nodenext) type checks against the packages, ./testing included', () => {
  try {
    run(process.execPath, [path.join(workspace, 'node_modules/typescript/bin/tsc'), '-p', scratch]);
  } catch (error) {
    assert.fail(`tsc refused the consumer:\n${error.stdout}${error.stderr}`);
  }
});

test('in plain Node (ESM): signs up, creates a project, gets a 404 as an ApiError', () => {
  // tsc emits even when it reports errors: this test stands on its own.
  const compiled = path.join(scratch, 'out/consumer.js');
  if (!fs.existsSync(compiled))
    run(process.execPath, [
      path.join(workspace, 'node_modules/typescript/bin/tsc'),
      '-p',
      scratch,
      '--noCheck',
    ]);
  expectTheLoopToWork(compiled);
});

test('through a bundler (esbuild): the same script, bundled', async () => {
  const outfile = path.join(scratch, 'bundle/consumer.mjs');
  await build({
    absWorkingDir: scratch,
    entryPoints: ['consumer.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'silent',
    // CommonJS packages in an ES module bundle need a require for Node's built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  expectTheLoopToWork(outfile);
});
