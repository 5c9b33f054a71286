// The downloaded code as a person takes it away (issue 33, 4): the built server makes an app
// with its offline demo model, "Download code" gives its zip, and the zip is unpacked into a
// folder outside the workspace, where no node_modules of Mason's can stand in for a package the
// project forgot. There `npm ci` installs from the registry (npm's cache first) exactly what the
// zip's package-lock.json says, and `npm run build` (tsc, then vite build) must pass as it is.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { startBuiltMason, workspace } from './built-mason.mjs';

const run = promisify(execFile);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-code-download-'));
const appDir = path.join(scratch, 'app');
/** What the demo model builds from this description, and names the project. */
const DESCRIPTION = 'A reading list with Dune, Emma and Ulysses';

let mason;
let token = '';

async function call(method, url, body) {
  const response = await fetch(`${mason.baseUrl}/api${url}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Asks `read` again until it answers something (a bound, not a pause). */
async function eventually(what, read, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** True when no folder from `dir` up holds a node_modules (nothing there hides a missing package). */
function nothingHoisted(dir) {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, 'node_modules'))) return false;
    if (path.dirname(at) === at) return true;
  }
}

/** Runs an npm command in the unpacked app; fails the test with its output on any error. */
async function npm(args) {
  try {
    const { stdout, stderr } = await run('npm', args, {
      cwd: appDir,
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: '' },
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    assert.fail(`npm ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

let project;
let files;

before(async () => {
  mason = await startBuiltMason(scratch);
  const email = `download.${Date.now()}@example.com`;
  ({ token } = await call('POST', '/users', {
    firstName: 'Ada',
    lastName: 'Download',
    email,
    password: 'correct horse battery 9',
  }));
  ({ project } = await call('POST', '/projects', { description: DESCRIPTION, model: 'DEMO' }));
  await eventually('the demo model to build the app', async () => {
    const { tasks } = await call('GET', `/tasks?projectId=${project.id}`);
    const [task] = tasks;
    assert.ok(task, 'The project has a task.');
    assert.ok(!['FAILED', 'CANCELLED'].includes(task.state), `The task ended ${task.state}.`);
    return task.state === 'COMPLETED' ? task : undefined;
  });
  project = await call('GET', `/projects/${project.id}`);
  const link = await call('GET', `/projects/${project.id}/code`);
  const zip = await fetch(`${mason.baseUrl}${link.downloadUrl}`);
  assert.equal(zip.status, 200);
  files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
  for (const [file, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    fs.writeFileSync(path.join(appDir, file), bytes);
  }
});

after(async () => {
  await mason?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const text = (file) => fs.readFileSync(path.join(appDir, file), 'utf8');

test('the zip is the project: its name as the page title, a README with the commands, a lockfile of its package.json', () => {
  assert.ok(!path.relative(workspace, appDir).match(/^[^.]/), 'The app is outside the workspace.');
  assert.ok(nothingHoisted(appDir), 'No node_modules above the app.');
  assert.ok(Object.keys(files).includes('src/App.tsx'));
  assert.notEqual(project.name, 'My app');
  assert.match(text('index.html'), new RegExp(`<title>${project.name}</title>`));
  const readme = text('README.md');
  assert.match(readme, /npm install && npm run dev/);
  assert.match(readme, /npm run build/);
  const manifest = JSON.parse(text('package.json'));
  const lock = JSON.parse(text('package-lock.json'));
  assert.deepEqual(lock.packages[''].dependencies, manifest.dependencies);
  assert.deepEqual(lock.packages[''].devDependencies, manifest.devDependencies);
});

test('`npm ci` installs it from the registry, and `npm run build` builds it without an error', async () => {
  await npm(['ci', '--prefer-offline', '--no-audit', '--no-fund']);
  const output = await npm(['run', 'build']);
  assert.doesNotMatch(output, /error/i);
  const built = fs.readFileSync(path.join(appDir, 'dist/index.html'), 'utf8');
  assert.match(built, new RegExp(`<title>${project.name}</title>`));
  const script = /<script type="module"[^>]*\bsrc="\/(assets\/[^"]+\.js)"/.exec(built)?.[1];
  assert.ok(script, 'dist/index.html loads the built script.');
  const bundle = fs.readFileSync(path.join(appDir, 'dist', script), 'utf8');
  assert.match(bundle, /Ulysses/);
});
