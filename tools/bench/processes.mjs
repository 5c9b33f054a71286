// The processes a bench run drives: the built Mason server (dist/apps/api/main.js) and the
// scripted model server that stands in for the AI provider. Both print a line when they are
// ready; a process that exits before that fails the run with what it wrote to stderr.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the web app and the server (Nx answers from its cache when nothing changed). */
export function buildWebAndApi() {
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', 'web', 'api', '--output-style=static'],
    {
      cwd: workspaceRoot,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error(`The build failed (exit code ${build.status}).`);
}

/** Every server the bench started and has not stopped yet. */
const running = new Set();
// However the bench ends (a crash included), what it started stops with it: a server left on
// its port would make the next run fail with EADDRINUSE.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Spawns `command args` and resolves once a stdout line matches `ready`. Rejects when the
 * process exits first or after `timeoutMs` (3 minutes: on a machine busy with other builds a
 * start took over a minute).
 */
function spawnUntilReady(name, command, args, { env, ready, timeoutMs = 180_000 }) {
  const child = spawn(command, args, {
    cwd: workspaceRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s.\n${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      stdout = (stdout + chunk).slice(-4000);
      if (ready.test(stdout)) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${name} stopped before it was ready (${signal ?? `exit code ${code}`}).\n${stderr}`,
        ),
      );
    });
  });
  // After it started, keep reading stdout so the pipe never fills up.
  started.then(
    () => child.stdout.resume(),
    () => undefined,
  );
  return {
    child,
    started,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * The scripted model server (libs/server-agent/src/testing), run from source. `queue(key,
 * replies)` queues replies for conversations containing `key`; `chunks()` lists the text
 * chunks it streamed with the wall-clock time each was written.
 */
export async function startScriptedModel(port) {
  const handle = spawnUntilReady(
    'The scripted model server',
    process.execPath,
    [
      '--import',
      '@swc-node/register/esm-register',
      'libs/server-agent/src/testing/scripted-model-server-main.ts',
      `--port=${port}`,
    ],
    {
      env: { ...process.env, SWC_NODE_PROJECT: 'libs/server-agent/tsconfig.lib.json' },
      ready: /Scripted model server on/,
    },
  );
  await handle.started;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseUrl: `${url}/openai/v1`,
    async queue(key, replies) {
      const response = await fetch(`${url}/__scripted/replies?key=${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(replies),
      });
      if (!response.ok)
        throw new Error(`The scripted model server refused the replies: ${await response.text()}`);
    },
    async chunks() {
      const response = await fetch(`${url}/__scripted/chunks`);
      if (!response.ok) throw new Error(`GET /__scripted/chunks answered ${response.status}.`);
      return response.json();
    },
    stop: () => handle.stop(),
  };
}

/**
 * The built Mason server on `port`, with the bench's routes on (BENCH_ROUTES=true) and every
 * model sent to the scripted model server. `database` is { dataDir } or { databaseUrl }.
 */
export async function startMason({ port, database, modelBaseUrl }) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    WEB_DIST: path.join(workspaceRoot, 'dist/apps/web'),
    MASON_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
    BENCH_ROUTES: 'true',
    LLM_BASE_URL: modelBaseUrl,
    // The scripted model's id (SCRIPTED_MODEL_ID in libs/server-agent/src/testing).
    LLM_MODEL: 'scripted-test-model',
    LLM_API_KEY: 'scripted',
    // One bench person makes a project per measure: more than the free plan's limit.
    PLAN_MAX_PROJECTS_FREE: 'unlimited',
    ...(database.databaseUrl
      ? { DATABASE_URL: database.databaseUrl }
      : { DATA_DIR: database.dataDir }),
  };
  const handle = spawnUntilReady('Mason', process.execPath, ['dist/apps/api/main.js'], {
    env,
    ready: /Mason is ready/,
  });
  await handle.started;
  return { origin: `http://127.0.0.1:${port}`, stop: () => handle.stop() };
}
