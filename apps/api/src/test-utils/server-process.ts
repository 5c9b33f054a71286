import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_WAIT_TIMEOUT_MS } from './waits';

const workspaceRoot = path.resolve(__dirname, '../../../..');

/** What a started process did: it said it is ready (and where), or it ended first. */
export type ProcessStart =
  | { ready: true; baseUrl: string; output: () => string }
  | { ready: false; exitCode: number | null; output: () => string };

export interface ServerProcess {
  start: ProcessStart;
  /** SIGTERM, then waits for the process to end. */
  stop: () => Promise<void>;
}

export interface BuiltServer {
  /** Starts `node main.js` with this environment (on top of a quiet, test-friendly one). */
  start: (env: Record<string, string>) => Promise<ServerProcess>;
  /** Stops the processes still running and removes the bundle. */
  dispose: () => Promise<void>;
}

/**
 * Mason's server as it is deployed: apps/api/src/main.ts bundled the way the api:build target
 * bundles it (the workspace's code inside, packages left to node_modules, the migrations beside
 * it), run by node as a process of its own.
 */
export async function buildServer(): Promise<BuiltServer> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-api-build-'));
  const mainJs = path.join(outdir, 'main.js');
  await build({
    entryPoints: [path.join(workspaceRoot, 'apps/api/src/main.ts')],
    tsconfig: path.join(workspaceRoot, 'apps/api/tsconfig.app.json'),
    outfile: mainJs,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    logLevel: 'error',
  });
  fs.cpSync(
    path.join(workspaceRoot, 'libs/server-db/migrations'),
    path.join(outdir, 'migrations'),
    { recursive: true },
  );
  const processes = new Set<ServerProcess>();
  return {
    start: async (env) => {
      const started = await startProcess(mainJs, env);
      processes.add(started);
      return started;
    },
    dispose: async () => {
      await Promise.all([...processes].map((started) => started.stop()));
      fs.rmSync(outdir, { recursive: true, force: true });
    },
  };
}

function startProcess(mainJs: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [mainJs], {
    cwd: path.dirname(mainJs),
    env: {
      PATH: process.env['PATH'],
      // The bundle lives in a temp folder: its packages come from the workspace's node_modules.
      NODE_PATH: path.join(workspaceRoot, 'node_modules'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATA_DIR: path.join(path.dirname(mainJs), 'data'),
      MASON_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const start = new Promise<ProcessStart>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The server did not start in ${SERVER_WAIT_TIMEOUT_MS} ms:\n${output}`));
    }, SERVER_WAIT_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /Mason is ready at http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ ready: true, baseUrl: `http://127.0.0.1:${ready[1]}`, output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((exitCode) => {
      clearTimeout(timer);
      resolve({ ready: false, exitCode, output: () => output });
    });
  });
  return start.then(
    (result) => ({ start: result, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}
