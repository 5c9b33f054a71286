import type { CheckoutPlan } from '@mason/contract';

const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const PENDING_KEY = 'mason.google.pending';

/** What a Google sign-in started with, kept in sessionStorage across the redirect. */
export interface PendingGoogleSignIn {
  state: string;
  nonce: string;
  plan: CheckoutPlan | null;
  projectId: string | null;
}

const randomToken = () => {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/**
 * The URL that starts Google sign-in. Google answers at `redirectUri` with an ID token in the
 * URL fragment (OpenID Connect implicit flow, response_type=id_token), so the token never
 * reaches any server but Mason's API.
 */
export function startGoogleSignIn(options: {
  clientId: string;
  redirectUri: string;
  plan: CheckoutPlan | null;
  projectId: string | null;
}): string {
  const pending: PendingGoogleSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    plan: options.plan,
    projectId: options.projectId,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'id_token',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    prompt: 'select_account',
  });
  return `${GOOGLE_AUTHORIZE_URL}?${params}`;
}

export type GoogleCallbackResult =
  { ok: true; idToken: string; pending: PendingGoogleSignIn } | { ok: false; reason: string };

function nonceOf(idToken: string): string | null {
  try {
    const payload = idToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const nonce = (JSON.parse(json) as { nonce?: unknown }).nonce;
    return typeof nonce === 'string' ? nonce : null;
  } catch {
    return null;
  }
}

/** Reads Google's answer from the callback URL's fragment and checks it belongs to this browser's sign-in. */
export function readGoogleCallback(hash: string): GoogleCallbackResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (params.get('error'))
    return {
      ok: false,
      reason: params.get('error_description') ?? 'Google sign-in was cancelled.',
    };
  const idToken = params.get('id_token');
  if (!idToken || !raw)
    return { ok: false, reason: 'This sign-in link is incomplete or has expired.' };
  const pending = JSON.parse(raw) as PendingGoogleSignIn;
  if (params.get('state') !== pending.state || nonceOf(idToken) !== pending.nonce) {
    return { ok: false, reason: 'This sign-in did not start in this browser. Please try again.' };
  }
  return { ok: true, idToken, pending };
}
