// The built server (dist/apps/api/main.js) on a free port with an empty embedded database, as
// the tests outside the workspace start it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const workspace = path.resolve(import.meta.dirname, '../../..');

/** A port nothing listens on now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts Mason with its data in `dataDir` and answers { baseUrl, stop }. Started from the
 * workspace, as e2e runs it: the preview builder finds the generated apps' packages there.
 */
export async function startBuiltMason(dataDir, env = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let stderr = '';
  const mason = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: workspace,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dataDir, 'mason-data'),
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      MASON_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  mason.stderr.on('data', (chunk) => (stderr += chunk));
  const stop = async () => {
    if (mason.exitCode !== null) return;
    const exited = new Promise((resolve) => mason.once('exit', resolve));
    mason.kill('SIGTERM');
    await exited;
  };
  // A bound, not a pause: a cold start on a busy 2-core machine has taken 70 s.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (mason.exitCode !== null) throw new Error(`Mason exited: ${stderr}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Mason did not answer within 150 s: ${stderr}`);
    }
    const ok = await fetch(`${baseUrl}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
