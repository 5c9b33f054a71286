import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GitServer } from './git-server';

const run = promisify(execFile);

/**
 * Someone else at work on a repository: clones `branch` with the `git` CLI as "Ada", makes one
 * commit per entry (path -> new content, or null to delete the file), and pushes them over HTTP
 * with `token`, as a person's git would. Answers the new head.
 */
export async function pushOutsideCommits(
  server: GitServer,
  fullName: string,
  branch: string,
  commits: ReadonlyArray<Record<string, string | null>>,
  options: { readonly token: string },
): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mason-outside-'));
  const git = async (...args: string[]) =>
    (
      await run('git', [
        '-C',
        dir,
        '-c',
        'user.name=Ada',
        '-c',
        'user.email=ada@example.com',
        ...args,
      ])
    ).stdout;
  const remote = server
    .cloneUrl(fullName)
    .replace('://', `://x-access-token:${encodeURIComponent(options.token)}@`);
  try {
    await run('git', ['clone', '--quiet', '--branch', branch, remote, dir]);
    for (const [at, files] of commits.entries()) {
      for (const [file, content] of Object.entries(files)) {
        const target = path.join(dir, file);
        if (content === null) await rm(target, { force: true });
        else {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, content);
        }
      }
      await git('add', '--all');
      await git('commit', '--quiet', '--allow-empty', '-m', `Ada's change ${at + 1}`);
    }
    await git('push', '--quiet', 'origin', branch);
    return (await git('rev-parse', 'HEAD')).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
