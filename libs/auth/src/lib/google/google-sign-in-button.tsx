import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { ErrorMessages } from '@mason/contract';
import { isApiError, readReferralCookie, useLoginWithGoogleMutation } from '@mason/api-client';
import { Alert, Button, useThemeMode } from '@mason/ui-kit';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { useCompleteLogin, useLoginIntent } from '../session/use-complete-login';
import { loadGoogleIdentity } from './google-identity';
import { startGoogleSignIn } from './google-oauth';

export interface GoogleSignInButtonProps {
  clientId: string;
  /** How long Google's script may take before the redirect button is offered instead. */
  loadTimeoutMs?: number;
}

const StyledGoogle = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space[3]};
  min-height: 44px;
`;

const StyledGoogleButton = styled.div`
  display: flex;
  justify-content: center;
`;

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** "Continue with Google" by the redirect flow: Google's sign-in page, then the callback route. */
function GoogleRedirectButton({ clientId }: { clientId: string }) {
  const paths = useAuthPaths();
  const intent = useLoginIntent();
  const onClick = () => {
    const redirectUri = new URL(paths.googleCallback, window.location.origin).toString();
    const url = startGoogleSignIn({ clientId, redirectUri, ...intent });
    (paths.openExternalUrl ?? ((target) => window.location.assign(target)))(url);
  };
  return (
    <Button
      type="button"
      variant="outline"
      fullWidth
      leadingIcon={<GoogleMark />}
      onClick={onClick}
    >
      Continue with Google
    </Button>
  );
}

/**
 * Google sign-in: Google Identity Services' own button when its script loads (a popup, no page
 * change), the redirect flow when it cannot. The ID token goes to Mason's server either way; a
 * 403 means sign-ups are closed (the API listener says so, SPEC.md 8) and leads to /login.
 */
export function GoogleSignInButton({ clientId, loadTimeoutMs }: GoogleSignInButtonProps) {
  const paths = useAuthPaths();
  const navigate = useNavigate();
  const { resolvedMode } = useThemeMode();
  const [loginWithGoogle] = useLoginWithGoogleMutation();
  const completeLogin = useCompleteLogin();
  const container = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'loading' | 'identity' | 'redirect'>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const onCredential = useRef<(credential: string) => void>(() => undefined);

  onCredential.current = (credential: string) => {
    setFailure(null);
    loginWithGoogle({ token: credential, referralCode: readReferralCookie() })
      .unwrap()
      .then(({ token }) => completeLogin(token))
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 403) navigate(paths.login, { replace: true });
        else setFailure(ErrorMessages.googleLoginFailed);
      });
  };

  useEffect(() => {
    let active = true;
    loadGoogleIdentity(loadTimeoutMs)
      .then((identity) => {
        if (!active || !container.current) return;
        identity.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          context: 'signin',
          callback: ({ credential }) => {
            if (credential) onCredential.current(credential);
            else setFailure(ErrorMessages.googleLoginFailed);
          },
        });
        identity.renderButton(container.current, {
          type: 'standard',
          theme: resolvedMode === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          logo_alignment: 'left',
          width: Math.min(400, container.current.clientWidth || 320),
        });
        setMode('identity');
      })
      .catch(() => active && setMode('redirect'));
    return () => {
      active = false;
    };
  }, [clientId, loadTimeoutMs, resolvedMode]);

  return (
    <StyledGoogle>
      {failure && <Alert tone="error">{failure}</Alert>}
      <StyledGoogleButton ref={container} hidden={mode !== 'identity'} />
      {mode === 'redirect' && <GoogleRedirectButton clientId={clientId} />}
    </StyledGoogle>
  );
}
