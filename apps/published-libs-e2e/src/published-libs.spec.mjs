// @mason/contract and @mason/api-client as another app gets them: packed with `npm pack` from
// their builds, installed into a scratch project outside the workspace with only what their
// package.json files ask for (taken from the workspace's node_modules: no registry), and used
// by one script (consumer/consumer.ts) against the real Mason server, in plain Node and
// through a bundler. The builds come from Nx (this target depends on them).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';

const workspace = path.resolve(import.meta.dirname, '../../..');
const packages = ['contract', 'api-client'].map((name) => path.join(workspace, 'dist/libs', name));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-consumer-'));
const run = (file, args, options = {}) =>
  execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

/** A port nothing listens on now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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

/** The built server on a free port with an empty embedded database, as e2e starts it. */
async function startMason() {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  let stderr = '';
  // From the workspace, as e2e runs it: the preview builder finds the generated apps' packages there.
  mason = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: workspace,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(scratch, 'mason-data'),
      WEB_DIST: path.join(scratch, 'no-web-app'),
      MASON_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  mason.stderr.on('data', (chunk) => (stderr += chunk));
  // A bound, not a pause: a cold start on a busy 2-core machine has taken 70 s.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (mason.exitCode !== null) throw new Error(`Mason exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`Mason did not answer within 150 s: ${stderr}`);
    const ok = await fetch(`${baseUrl}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

before(async () => {
  installPackages();
  writeConsumer();
  await startMason();
});

after(async () => {
  if (mason && mason.exitCode === null) {
    const exited = new Promise((resolve) => mason.once('exit', resolve));
    mason.kill('SIGTERM');
    await exited;
  }
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
