import { CodeHostingService, createGithubClient } from '@mason/server-code-hosting';
import type { AppContext } from '../app-context';

/** The code-hosting service: GitHub through Octokit when configured, tokens sealed by SecretBox. */
export function codeHostingService(ctx: AppContext): CodeHostingService {
  return new CodeHostingService({
    db: ctx.db,
    github: ctx.config.github ? createGithubClient(ctx.config.github) : null,
    secrets: ctx.secrets,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log.child({ domain: 'code-hosting' }),
  });
}
