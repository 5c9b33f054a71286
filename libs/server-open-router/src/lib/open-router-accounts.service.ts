import { createHash, randomBytes } from 'node:crypto';
import type {
  OpenRouterAccessCodeRequest,
  OpenRouterAuthorizeUrlResponse,
  OpenRouterIntegrationResponse,
} from '@mason/contract';
import type { Executor, OpenRouterConnectionRow } from '@mason/server-db';
import { HttpError, RuleViolation, webBaseFor } from '@mason/server-http';
import { OpenRouterError, type OpenRouterGrant, type OpenRouterOauth } from './open-router-oauth';
import {
  deleteConnection,
  findConnection,
  hasConnection,
  restoreState,
  saveConnection,
  saveState,
  takeState,
} from './open-router.repository';

/** Seals and opens secrets at rest (server-projects' SecretBox under MASON_SECRET_KEY). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/**
 * What the turn runner needs of a person's OpenRouter account (the port other domains get):
 * whether they connected one, and its key.
 */
export interface OpenRouterKeys {
  /** The person's OpenRouter key, unsealed; null when they have not connected OpenRouter. */
  openRouterKeyOf(userId: string): Promise<string | null>;
  /** Whether the person connected OpenRouter (their key is not read). */
  hasOpenRouterKey(userId: string): Promise<boolean>;
}

export interface OpenRouterAccountsOptions {
  readonly db: Executor;
  /** OpenRouter's OAuth PKCE flow (its authorize page and key exchange). */
  readonly openRouter: OpenRouterOauth;
  readonly secrets: SecretSealer;
  /** Mason's web app (PUBLIC_URL): OpenRouter sends the person back to its callback screen. */
  readonly publicUrl: string;
}

/** The screen OpenRouter sends people back to (SPEC.md 2), with `state` and OpenRouter's `code`. */
export const OPEN_ROUTER_CALLBACK_PATH = '/open-router/callback';
/** How long an authorize URL's state may come back. */
export const OPEN_ROUTER_STATE_LIFETIME_MS = 15 * 60 * 1000;

export const OpenRouterMessages = {
  badState:
    'This OpenRouter sign-in link has expired or was already used. Start connecting OpenRouter again.',
  codeRefused: 'OpenRouter did not accept the sign-in. Start connecting OpenRouter again.',
  unreachable: 'OpenRouter could not be reached. Try again in a moment.',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * A person's own OpenRouter account: the authorize URL (a PKCE verifier, and a one-time state
 * bound to the person in the callback URL, since OpenRouter has no `state` of its own), the code
 * of OpenRouter's redirect exchanged for the person's key (sealed at rest, never answered or
 * logged), disconnecting (the key is forgotten), and the key for the person's turns.
 */
export class OpenRouterAccounts implements OpenRouterKeys {
  constructor(private readonly options: OpenRouterAccountsOptions) {}

  private answer(row: OpenRouterConnectionRow | null): OpenRouterIntegrationResponse {
    return { connection: row && { connectedAt: row.connectedAt.toISOString() } };
  }

  async integration(userId: string): Promise<OpenRouterIntegrationResponse> {
    return this.answer(await findConnection(this.options.db, userId));
  }

  /**
   * OpenRouter's authorize page; it sends the person back to Mason's callback screen on `origin`
   * when that is one of Mason's own (where their session is), else on PUBLIC_URL.
   */
  async authorizeUrl(
    userId: string,
    origin: string | undefined,
  ): Promise<OpenRouterAuthorizeUrlResponse> {
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    await saveState(this.options.db, {
      stateHash: sha256(state).toString('hex'),
      userId,
      sealedVerifier: this.options.secrets.seal(verifier),
      expiresAt: new Date(Date.now() + OPEN_ROUTER_STATE_LIFETIME_MS),
    });
    const callback = new URL(
      `${webBaseFor(origin, this.options.publicUrl)}${OPEN_ROUTER_CALLBACK_PATH}`,
    );
    callback.searchParams.set('state', state);
    const challenge = sha256(verifier).toString('base64url');
    return { url: this.options.openRouter.authorizeUrl(callback.toString(), challenge) };
  }

  /**
   * Connects the person with the code of OpenRouter's redirect and the state of their authorize
   * URL. A state works once and only for its person; when OpenRouter cannot be reached it stays
   * usable, so the person can try again.
   */
  async connect(
    userId: string,
    request: OpenRouterAccessCodeRequest,
  ): Promise<OpenRouterIntegrationResponse> {
    const { db, secrets } = this.options;
    const state = await takeState(db, userId, sha256(request.state).toString('hex'));
    if (!state) throw new RuleViolation('invalid', OpenRouterMessages.badState);
    let grant: OpenRouterGrant;
    try {
      grant = await this.options.openRouter.exchangeCode(
        request.code,
        secrets.open(state.sealedVerifier),
      );
    } catch (error) {
      const refused = error instanceof OpenRouterError && error.status >= 400 && error.status < 500;
      if (refused) throw new RuleViolation('invalid', OpenRouterMessages.codeRefused);
      await restoreState(db, state);
      throw new HttpError(502, OpenRouterMessages.unreachable);
    }
    return this.answer(await saveConnection(db, userId, secrets.seal(grant.key)));
  }

  /** Forgets the person's key (it stays valid at OpenRouter until they delete it there). */
  async disconnect(userId: string): Promise<void> {
    await deleteConnection(this.options.db, userId);
  }

  async openRouterKeyOf(userId: string): Promise<string | null> {
    const row = await findConnection(this.options.db, userId);
    return row && this.options.secrets.open(row.sealedKey);
  }

  hasOpenRouterKey(userId: string): Promise<boolean> {
    return hasConnection(this.options.db, userId);
  }
}
