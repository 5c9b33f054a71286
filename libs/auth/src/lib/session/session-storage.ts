/** SPEC.md 3: the session is a token and an e-mail kept in browser storage. */
export interface StoredSession {
  token: string;
  email: string;
}

const TOKEN_KEY = 'mason.session.token';
const EMAIL_KEY = 'mason.session.email';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off (private modes, sandboxed frames): the session then lasts the page.
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY);
  const email = store?.getItem(EMAIL_KEY);
  return token && email ? { token, email } : null;
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, session.token);
  store?.setItem(EMAIL_KEY, session.email);
}

export function clearStoredSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(EMAIL_KEY);
}
