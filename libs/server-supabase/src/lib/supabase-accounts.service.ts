import { createHash, randomBytes } from 'node:crypto';
import type {
  SupabaseAccessCodeRequest,
  SupabaseAuthorizeUrlResponse,
  SupabaseIntegrationResponse,
  SupabaseProject,
} from '@mason/contract';
import type { Executor, SupabaseConnectionRow } from '@mason/server-db';
import { badRequest, conflict, HttpError } from '@mason/server-http';
import { SupabaseError, type SupabaseManagement, type SupabaseTokens } from './supabase-client';
import { SUPABASE_VARIABLES } from './supabase-config';
import {
  deleteConnection,
  findConnection,
  saveConnection,
  saveState,
  takeState,
} from './supabase.repository';

/** Seals and opens secrets at rest (server-projects' SecretBox under MASON_SECRET_KEY). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export interface SupabaseAccountsOptions {
  readonly db: Executor;
  /** The Management API adapter; null when this server has no Supabase OAuth app. */
  readonly supabase: SupabaseManagement | null;
  readonly secrets: SecretSealer;
  /** Mason's web app (PUBLIC_URL): Supabase sends the person back to its redirect screen. */
  readonly publicUrl: string;
}

/** The screen Supabase sends people back to (SPEC.md 2). */
export const SUPABASE_REDIRECT_PATH = '/integrations/supabase/redirect';
/** How long an authorize URL's state may come back. */
export const STATE_LIFETIME_MS = 15 * 60 * 1000;
/** An access token this close to expiring is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;

export const SupabaseMessages = {
  notConfigured: `Supabase is not set up on this Mason server. Set ${SUPABASE_VARIABLES.join(' and ')} (a Supabase OAuth app's) and start Mason again.`,
  badState:
    'This Supabase sign-in link has expired or was already used. Start connecting Supabase again.',
  codeRefused: 'Supabase did not accept the sign-in. Start connecting Supabase again.',
  notConnected: 'Connect your Supabase account first.',
  unreachable: 'Supabase could not be reached. Try again in a moment.',
  accessRevoked:
    'Supabase no longer accepts Mason’s access. Disconnect Supabase and connect it again.',
  noSuchProject: 'That project is not one of your Supabase account’s.',
} as const;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Supabase refused or did not answer: a 409 for a refused token, 502 otherwise. */
function supabaseFailure(error: unknown): HttpError {
  if (error instanceof SupabaseError && (error.status === 401 || error.status === 403))
    return conflict(SupabaseMessages.accessRevoked);
  return new HttpError(502, SupabaseMessages.unreachable);
}

interface StoredTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
}

/**
 * A person's Supabase account: the authorize URL with a one-time state bound to them and a PKCE
 * verifier, the code of Supabase's redirect exchanged for tokens (sealed at rest; never answered
 * or logged; refreshed when they expire), the account's projects, a project's anon key for an
 * attach, and disconnecting.
 */
export class SupabaseAccounts {
  constructor(private readonly options: SupabaseAccountsOptions) {}

  private supabase(): SupabaseManagement {
    if (!this.options.supabase) throw conflict(SupabaseMessages.notConfigured);
    return this.options.supabase;
  }

  private redirectUrl(): string {
    return new URL(SUPABASE_REDIRECT_PATH, this.options.publicUrl).toString();
  }

  private answer(row: SupabaseConnectionRow | null): SupabaseIntegrationResponse {
    return {
      configured: this.options.supabase !== null,
      connection: row && { connectedAt: row.connectedAt.toISOString() },
    };
  }

  async integration(userId: string): Promise<SupabaseIntegrationResponse> {
    return this.answer(await findConnection(this.options.db, userId));
  }

  async authorizeUrl(userId: string): Promise<SupabaseAuthorizeUrlResponse> {
    const supabase = this.supabase();
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    await saveState(this.options.db, {
      stateHash: hashOf(state),
      userId,
      sealedVerifier: this.options.secrets.seal(verifier),
      expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
    });
    return { url: supabase.authorizeUrl(state, this.redirectUrl(), challengeOf(verifier)), state };
  }

  /**
   * Connects the person with the code of Supabase's redirect and the state of their authorize
   * URL (used once: a second try with it is refused, and so is another person's).
   */
  async connect(
    userId: string,
    request: SupabaseAccessCodeRequest,
  ): Promise<SupabaseIntegrationResponse> {
    const supabase = this.supabase();
    const sealedVerifier = await takeState(this.options.db, userId, hashOf(request.state));
    if (!sealedVerifier) throw badRequest(SupabaseMessages.badState);
    let tokens: SupabaseTokens;
    try {
      tokens = await supabase.exchangeCode(
        request.code,
        this.redirectUrl(),
        this.options.secrets.open(sealedVerifier),
      );
    } catch (error) {
      if (error instanceof SupabaseError && error.status >= 400 && error.status < 500)
        throw badRequest(SupabaseMessages.codeRefused);
      throw supabaseFailure(error);
    }
    return this.answer(await this.store(userId, tokens, true));
  }

  async disconnect(userId: string): Promise<void> {
    await deleteConnection(this.options.db, userId);
  }

  /** The projects of the person's Supabase account. */
  async projects(userId: string): Promise<SupabaseProject[]> {
    const supabase = this.supabase();
    const accessToken = await this.accessToken(userId);
    return supabase.projects(accessToken).catch((error: unknown) => {
      throw supabaseFailure(error);
    });
  }

  /** A project of the person's account, as an attach needs it: its URL and its anon key. */
  async projectKeys(userId: string, ref: string): Promise<{ projectUrl: string; anonKey: string }> {
    const supabase = this.supabase();
    const accessToken = await this.accessToken(userId);
    // Supabase answers the keys of the token's own projects only: any other is not found.
    const anonKey = await supabase.anonKey(accessToken, ref).catch((error: unknown) => {
      if (error instanceof SupabaseError && (error.status === 404 || error.status === 403))
        throw badRequest(SupabaseMessages.noSuchProject, {
          projectRef: SupabaseMessages.noSuchProject,
        });
      throw supabaseFailure(error);
    });
    return { projectUrl: `https://${ref}.supabase.co`, anonKey };
  }

  /** The person's access token, refreshed first when it is (about to be) expired. */
  private async accessToken(userId: string): Promise<string> {
    const row = await findConnection(this.options.db, userId);
    if (!row) throw conflict(SupabaseMessages.notConnected);
    const tokens = JSON.parse(this.options.secrets.open(row.sealedTokens)) as StoredTokens;
    if (row.expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now()) return tokens.accessToken;
    let fresh: SupabaseTokens;
    try {
      fresh = await this.supabase().refresh(tokens.refreshToken);
    } catch (error) {
      if (error instanceof SupabaseError && error.status >= 400 && error.status < 500)
        throw conflict(SupabaseMessages.accessRevoked);
      throw supabaseFailure(error);
    }
    await this.store(userId, fresh, false);
    return fresh.accessToken;
  }

  private store(userId: string, tokens: SupabaseTokens, connectedNow: boolean) {
    const sealedTokens = this.options.secrets.seal(
      JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    );
    const expiresAt = new Date(Date.now() + tokens.expiresIn * 1000);
    return saveConnection(this.options.db, { userId, sealedTokens, expiresAt }, connectedNow);
  }
}
