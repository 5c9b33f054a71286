import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const workspaceRoot = path.join(__dirname, '../../..');

export interface MasonProcess {
  readonly baseUrl: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** What the process wrote to stderr (shown when a test fails). */
  readonly stderr: () => string;
  /** SIGKILL: the process dies at once, mid-whatever, like a crash. */
  kill9(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** Starts the built Mason server (dist/apps/api/main.js) as its own process and waits until it answers. */
export async function startMason(
  port: number,
  env: Record<string, string>,
  // A cap, not an expectation: a busy machine starts PGlite and runs migrations slowly.
  startTimeoutMs = 120_000,
): Promise<MasonProcess> {
  const child = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: workspaceRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      WEB_DIST: path.join(workspaceRoot, 'dist/apps/web'),
      MASON_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      SIGNUPS_PER_IP_PER_HOUR: '500',
      // No preview thumbnails unless a test asks (thumbnails.spec.ts).
      MASON_THUMBNAILS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Mason exited: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Mason did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid ?? -1,
    child,
    stderr: () => stderr,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A small JSON client for one server, with a bearer token once logged in. */
export function apiOf(baseUrl: string) {
  let token: string | null = null;
  async function call<T>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return {
    call,
    useToken(value: string) {
      token = value;
    },
    token: () => token,
  };
}
