import { http, HttpResponse } from 'msw';
import type { GoogleAccountsId } from '../google/google-identity';

/** Google's script cannot be loaded (offline, blocked): Mason offers the redirect flow. */
export const googleScriptBlocked = http.get('https://accounts.google.com/gsi/client', () =>
  HttpResponse.error(),
);

/**
 * A stand-in for Google Identity Services: its button is a plain "Sign in with Google" button
 * that answers with `credential` when clicked. Installs itself on window.google.
 */
export function installFakeGoogleIdentity(credential = 'google-id-token'): GoogleAccountsId {
  let callback: ((response: { credential?: string }) => void) | undefined;
  const identity: GoogleAccountsId = {
    initialize: (options) => {
      callback = options.callback;
    },
    renderButton: (parent) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.onclick = () => callback?.({ credential });
      parent.replaceChildren(button);
    },
  };
  window.google = { accounts: { id: identity } };
  return identity;
}
