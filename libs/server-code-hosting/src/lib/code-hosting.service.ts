import { createHash, randomBytes } from 'node:crypto';
import type {
  GithubAccessCodeRequest,
  GithubAuthorizeUrlResponse,
  GithubCallbackFlow,
  GithubIntegrationResponse,
  GithubRepositoriesResponse,
} from '@mason/contract';
import type { Database, GithubIntegrationRow } from '@mason/server-db';
import { badRequest, conflict, HttpError } from '@mason/server-http';
import type { FastifyBaseLogger } from 'fastify';
import {
  deleteIntegration,
  findIntegration,
  findState,
  saveIntegration,
  saveState,
  takeState,
} from './code-hosting.repository';
import { GithubError, type GithubClient } from './github-client';
import { GITHUB_VARIABLES } from './github-config';

/** Seals and opens secrets at rest (server-projects' SecretBox under MASON_SECRET_KEY). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** What the code-hosting service is built from (apps/api composes it). */
export interface CodeHostingContext {
  readonly db: Database;
  /** The GitHub adapter; null when this server has no GitHub OAuth App configured. */
  readonly github: GithubClient | null;
  readonly secrets: SecretSealer;
  /** Mason's web app (PUBLIC_URL): GitHub sends the person back to its callback screens. */
  readonly publicUrl: string;
  readonly log: FastifyBaseLogger;
}

/** The callback screen of each flow (SPEC.md 2's routes). */
export const CALLBACK_PATHS: Readonly<Record<GithubCallbackFlow, string>> = {
  DEFAULT: '/github/callback',
  EXISTING: '/github/callback/existing',
  WINDOW: '/github/callback/window',
};
const FLOWS = Object.keys(CALLBACK_PATHS) as GithubCallbackFlow[];

/** How long an authorize URL's state may come back. */
export const STATE_LIFETIME_MS = 15 * 60 * 1000;

export const CodeHostingMessages = {
  notConfigured: `GitHub is not set up on this Mason server. Set ${GITHUB_VARIABLES.join(' and ')} (a GitHub OAuth App's) and start Mason again.`,
  badState:
    'This GitHub sign-in link has expired or was already used. Start connecting GitHub again.',
  codeRefused: 'GitHub did not accept the sign-in. Start connecting GitHub again.',
  notConnected: 'Connect your GitHub account first.',
  unreachable: 'GitHub could not be reached. Try again in a moment.',
  accessRevoked: 'GitHub no longer accepts Mason’s access. Disconnect GitHub and connect it again.',
} as const;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** GitHub answered with an error of its own, or not at all: a 502 (its token refused: 409). */
export function githubFailure(error: unknown): HttpError {
  if (error instanceof GithubError && error.status === 401)
    return conflict(CodeHostingMessages.accessRevoked);
  return new HttpError(502, CodeHostingMessages.unreachable);
}

/**
 * A person's GitHub connection: the authorize URL with a one-time state bound to them, the code
 * of GitHub's redirect exchanged for a token (sealed at rest; never answered or logged), the
 * account it is, the repositories it reaches, and disconnecting (the token revoked at GitHub
 * when GitHub answers).
 */
export class CodeHostingService {
  constructor(private readonly ctx: CodeHostingContext) {}

  private github(): GithubClient {
    if (!this.ctx.github) throw conflict(CodeHostingMessages.notConfigured);
    return this.ctx.github;
  }

  private redirectUrl(flow: GithubCallbackFlow): string {
    return new URL(CALLBACK_PATHS[flow], this.ctx.publicUrl).toString();
  }

  private answer(row: GithubIntegrationRow | null): GithubIntegrationResponse {
    return {
      configured: this.ctx.github !== null,
      integration: row && {
        accountLogin: row.accountLogin,
        avatarUrl: row.avatarUrl,
        connectedAt: row.connectedAt.toISOString(),
      },
    };
  }

  async integration(userId: string): Promise<GithubIntegrationResponse> {
    return this.answer(await findIntegration(this.ctx.db, userId));
  }

  async authorizeUrl(
    userId: string,
    flow: GithubCallbackFlow,
  ): Promise<GithubAuthorizeUrlResponse> {
    const github = this.github();
    const state = randomBytes(32).toString('base64url');
    await saveState(this.ctx.db, {
      stateHash: hashOf(state),
      userId,
      flow,
      expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
    });
    return { url: github.authorizeUrl(state, this.redirectUrl(flow)), state };
  }

  /**
   * Connects the person with the code of GitHub's redirect and the state of their authorize URL.
   * The state is used (deleted) only with the connection it brings, in one transaction: a code
   * GitHub refuses changes nothing, and a state works once.
   */
  async connect(
    userId: string,
    request: GithubAccessCodeRequest,
  ): Promise<GithubIntegrationResponse> {
    const github = this.github();
    const stateHash = hashOf(request.state);
    const found = await findState(this.ctx.db, userId, stateHash);
    const flow = FLOWS.find((name) => name === found?.flow);
    if (!flow) throw badRequest(CodeHostingMessages.badState);
    let token: string;
    try {
      token = await github.exchangeCode(request.code, this.redirectUrl(flow));
    } catch (error) {
      if (error instanceof GithubError && error.status >= 400 && error.status < 500)
        throw badRequest(CodeHostingMessages.codeRefused);
      throw githubFailure(error);
    }
    const account = await github.account(token).catch((error: unknown) => {
      throw githubFailure(error);
    });
    const row = await this.ctx.db.transaction(async (tx) => {
      // Another request with the same state connected meanwhile: this one is the replay.
      if (!(await takeState(tx, userId, stateHash))) return null;
      return saveIntegration(tx, {
        userId,
        accountLogin: account.login,
        avatarUrl: account.avatarUrl,
        sealedToken: this.ctx.secrets.seal(token),
      });
    });
    if (!row) {
      // The token is of no use to anyone now: GitHub is asked to forget it.
      void github.revoke(token).catch(() => undefined);
      throw badRequest(CodeHostingMessages.badState);
    }
    this.ctx.log.info({ userId, account: account.login }, 'GitHub connected');
    return this.answer(row);
  }

  async disconnect(userId: string): Promise<void> {
    const row = await deleteIntegration(this.ctx.db, userId);
    if (!row || !this.ctx.github) return;
    // The connection is forgotten either way; GitHub is told when it answers.
    await this.ctx.github
      .revoke(this.ctx.secrets.open(row.sealedToken))
      .catch((error: unknown) =>
        this.ctx.log.warn(
          { userId, status: (error as GithubError).status },
          'Could not revoke a GitHub token',
        ),
      );
  }

  async repositories(
    userId: string,
    page: number,
    query: string | null,
  ): Promise<GithubRepositoriesResponse> {
    const github = this.github();
    const row = await findIntegration(this.ctx.db, userId);
    if (!row) throw conflict(CodeHostingMessages.notConnected);
    try {
      return await github.repositories(this.ctx.secrets.open(row.sealedToken), page, query);
    } catch (error) {
      throw githubFailure(error);
    }
  }
}
