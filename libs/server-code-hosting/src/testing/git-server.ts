import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's git smart-HTTP server (a CGI program). */
export const GIT_HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

export interface GitServerOptions {
  /**
   * Whether a token may read and push (the GitHub stand-in's live tokens): the password of the
   * request's HTTP Basic auth. Anything else is answered 401.
   */
  acceptToken(token: string): boolean;
  /**
   * Repositories anyone may clone and fetch without a token (public ones, by `owner/name`);
   * pushing still needs one. None by default.
   */
  anonymousRead?: (fullName: string) => boolean;
}

/** A request the git server took: method, path, and whether its auth was accepted. */
export interface GitServerRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

export interface GitServer {
  /** `{baseUrl}/{owner}/{name}.git` is a repository's clone URL. */
  readonly baseUrl: string;
  readonly requests: readonly GitServerRequest[];
  /** Creates an empty bare repository `owner/name` (pushes allowed); its clone URL. */
  createRepository(fullName: string): Promise<string>;
  /** The clone URL of `owner/name`. */
  cloneUrl(fullName: string): string;
  /** Runs the `git` CLI in the bare repository of `owner/name`; its standard output. */
  git(fullName: string, ...args: string[]): Promise<string>;
  /** The branches of `owner/name` (none for an unknown repository). */
  branches(fullName: string): Promise<string[]>;
  /** Starts answering every request with `status` (an outage), or normally again with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** Splits a CGI program's output into its status, headers and body. */
function parseCgi(output: Buffer): {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
} {
  let end = output.indexOf('\r\n\r\n');
  let skip = 4;
  const lf = output.indexOf('\n\n');
  if (end < 0 || (lf >= 0 && lf < end)) {
    end = lf;
    skip = 2;
  }
  if (end < 0) return { status: 502, headers: {}, body: output };
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of output.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10) || 200;
    else headers[name] = value;
  }
  return { status, headers, body: output.subarray(end + skip) };
}

const passwordOf = (authorization: string | undefined): string | null => {
  const match = /^basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
};

/**
 * A real git server on loopback for tests (started by tests, never by Mason): Debian's
 * `git http-backend` behind node:http, over bare repositories in a temporary folder, speaking
 * git's smart HTTP protocol (clone, fetch, push). Every request needs HTTP Basic auth whose
 * password is a token `acceptToken` takes (git's `x-access-token` convention for the user name);
 * any other is answered 401 with a Basic challenge, as GitHub does.
 */
export async function startGitServer(options: GitServerOptions): Promise<GitServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'mason-git-server-'));
  const requests: GitServerRequest[] = [];
  let failure: number | null = null;
  const repositoryPath = (fullName: string) => {
    if (!/^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+$/.test(fullName) || fullName.includes('..'))
      throw new Error(`Not a repository name: ${fullName}`);
    return path.join(root, `${fullName}.git`);
  };

  /** A clone or fetch (never a push) of a repository anonymousRead names. */
  const readsPublicly = (url: URL) => {
    const match = /^\/([^/]+\/[^/]+)\.git\/(info\/refs|git-upload-pack)$/.exec(url.pathname);
    const pushes =
      url.pathname.endsWith('/git-receive-pack') ||
      url.searchParams.get('service') === 'git-receive-pack';
    return !!match?.[1] && !pushes && !!options.anonymousRead?.(match[1]);
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const record = (status: number) =>
      requests.push({ method: request.method ?? '', path: url.pathname, status });
    if (failure !== null) {
      record(failure);
      request.resume();
      response.writeHead(failure, { 'content-type': 'text/plain' }).end('Unavailable.');
      return;
    }
    const password = passwordOf(request.headers.authorization);
    if (!(password ? options.acceptToken(password) : readsPublicly(url))) {
      record(401);
      request.resume();
      response
        .writeHead(401, {
          'www-authenticate': 'Basic realm="GitHub"',
          'content-type': 'text/plain',
        })
        .end('Invalid username or token.');
      return;
    }
    const child = spawn(GIT_HTTP_BACKEND, [], {
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        REQUEST_METHOD: request.method ?? 'GET',
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        CONTENT_LENGTH: request.headers['content-length'] ?? '',
        HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
        REMOTE_USER: 'x-access-token',
        REMOTE_ADDR: request.socket.remoteAddress ?? '127.0.0.1',
      },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.resume();
    request.pipe(child.stdin);
    child.stdin.on('error', () => undefined);
    child.on('close', () => {
      const { status, headers, body } = parseCgi(Buffer.concat(output));
      record(status);
      response.writeHead(status, headers).end(body);
    });
    child.on('error', () => {
      record(502);
      if (!response.headersSent) response.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const gitIn = async (fullName: string, ...args: string[]) =>
    (await run('git', ['--git-dir', repositoryPath(fullName), ...args], { encoding: 'utf8' }))
      .stdout;

  return {
    baseUrl,
    requests,
    cloneUrl: (fullName) => `${baseUrl}/${fullName}.git`,
    async createRepository(fullName) {
      const directory = repositoryPath(fullName);
      await mkdir(directory, { recursive: true });
      await run('git', ['init', '--bare', '--quiet', '--initial-branch=main', directory]);
      await gitIn(fullName, 'config', 'http.receivepack', 'true');
      return `${baseUrl}/${fullName}.git`;
    },
    git: gitIn,
    failWith(status) {
      failure = status;
    },
    async branches(fullName) {
      try {
        const listed = await gitIn(
          fullName,
          'for-each-ref',
          '--format=%(refname:short)',
          'refs/heads',
        );
        return listed.split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await rm(root, { recursive: true, force: true });
    },
  };
}
