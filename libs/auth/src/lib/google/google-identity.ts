/** The part of Google Identity Services (accounts.google.com/gsi/client) Mason uses. */
export interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    auto_select?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard';
      theme?: 'outline' | 'filled_black';
      size?: 'large';
      text?: 'continue_with';
      shape?: 'pill' | 'rectangular';
      width?: number;
      logo_alignment?: 'left';
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads Google Identity Services once. Rejects when the script cannot be loaded in time
 * (offline, blocked by an extension or a policy): the caller then offers the redirect flow.
 */
export function loadGoogleIdentity(timeoutMs = 5000): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    const fail = (reason: string) => {
      loading = null;
      script.remove();
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('Google sign-in did not load in time.'), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else fail('Google sign-in loaded without its API.');
    };
    script.onerror = () => {
      clearTimeout(timer);
      fail('Google sign-in could not be loaded.');
    };
    document.head.appendChild(script);
  });
  return loading;
}
