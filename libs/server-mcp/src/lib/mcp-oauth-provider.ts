// The OAuthClientProvider the MCP SDK's auth() and transport sign in to a server with: Mason's
// client registration (dynamic, per server), its tokens and the authorization server it found,
// kept as one JSON value that the service seals into mcp_servers.sealed_oauth. It holds them in
// memory for one flow and hands every change to `onChange`, so the database always has the newest
// tokens (a refresh token works once). The PKCE verifier and the one-time state of an authorize
// URL are kept by the service in mcp_oauth_states, bound to the person and the server.
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** What Mason keeps of its OAuth with one server (sealed at rest). */
export interface StoredOauth {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  discovery?: OAuthDiscoveryState;
}

export interface McpOauthProviderOptions {
  /** Where the authorization server sends the person back (the web app's /mcp/callback). */
  readonly redirectUrl: string;
  /** When the stored access token expires (oauth_expires_at), if it said. */
  readonly expiresAt?: Date | null;
  /** The PKCE verifier of the authorize URL being completed. */
  readonly codeVerifier?: string;
  /** Start a new authorization whatever tokens are stored (they stay until new ones come). */
  readonly fresh?: boolean;
  /** Stores what changed (the tokens after a refresh, a new registration). */
  readonly onChange?: (provider: McpOauthProvider) => Promise<void>;
}

/** Mason as an OAuth client of one MCP server, for the SDK's auth() and transport. */
export class McpOauthProvider implements OAuthClientProvider {
  /** Where to send the person, once the SDK started an authorization. */
  authorizationUrl: URL | null = null;
  /** The state of that authorization URL (one-time, random). */
  authorizationState: string | null = null;
  /** The PKCE verifier of that authorization URL. */
  newCodeVerifier: string | null = null;
  expiresAt: Date | null;
  private fresh: boolean;

  constructor(
    readonly stored: StoredOauth,
    private readonly options: McpOauthProviderOptions,
  ) {
    this.expiresAt = options.expiresAt ?? null;
    this.fresh = options.fresh === true;
  }

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Mason',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  /** Whether Mason holds a token for the server. */
  get authorized(): boolean {
    return this.stored.tokens !== undefined;
  }

  state(): string {
    this.authorizationState = randomBytes(32).toString('base64url');
    return this.authorizationState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.stored.client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    this.stored.client = client;
    await this.options.onChange?.(this);
  }

  tokens(): OAuthTokens | undefined {
    return this.fresh ? undefined : this.stored.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.stored.tokens = tokens;
    this.fresh = false;
    this.expiresAt =
      tokens.expires_in === undefined ? null : new Date(Date.now() + tokens.expires_in * 1000);
    await this.options.onChange?.(this);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.newCodeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    const verifier = this.options.codeVerifier ?? this.newCodeVerifier;
    if (!verifier) throw new Error('No authorization of this server is under way.');
    return verifier;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    if (scope === 'verifier') return;
    if (scope === 'all' || scope === 'client') delete this.stored.client;
    if (scope === 'all' || scope === 'tokens') {
      delete this.stored.tokens;
      this.expiresAt = null;
    }
    if (scope === 'all' || scope === 'discovery') delete this.stored.discovery;
    await this.options.onChange?.(this);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.stored.discovery;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.stored.discovery = state;
    await this.options.onChange?.(this);
  }
}
