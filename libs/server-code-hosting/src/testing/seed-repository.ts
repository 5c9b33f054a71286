import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GitServer } from './git-server';

const run = promisify(execFile);

export interface SeedOptions {
  /** A token the git server accepts: the seed pushes over HTTP, as a person's git would. */
  readonly token: string;
  /** Runs in the working folder before each branch's commit (for files git must not see). */
  readonly beforeCommit?: (dir: string) => Promise<void>;
}

/**
 * Creates `owner/name` on the git server and pushes one commit per branch with these files
 * (path -> content), made with the `git` CLI by "Ada", each branch on top of the one before.
 */
export async function seedRepository(
  server: GitServer,
  fullName: string,
  branches: Record<string, Record<string, string | Uint8Array>>,
  options: SeedOptions,
): Promise<void> {
  await server.createRepository(fullName);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mason-seed-'));
  const git = (...args: string[]) =>
    run('git', ['-C', dir, '-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', ...args]);
  const remote = server
    .cloneUrl(fullName)
    .replace('://', `://x-access-token:${encodeURIComponent(options.token)}@`);
  try {
    await git('init', '--quiet', '--initial-branch=main');
    for (const [branch, files] of Object.entries(branches)) {
      await git('checkout', '--quiet', '-B', branch);
      for (const [file, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), content);
      }
      await options.beforeCommit?.(dir);
      await git('add', '--all');
      await git('commit', '--quiet', '--allow-empty', '-m', `${branch} files`);
      await git('push', '--quiet', remote, branch);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
