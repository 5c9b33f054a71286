import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorMessages } from '@mason/contract';
import { isApiError, readReferralCookie, useLoginWithGoogleMutation } from '@mason/api-client';
import { Alert, Button, Spinner } from '@mason/ui-kit';
import { AuthLayout } from '../auth-layout/auth-layout';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { useCompleteLogin } from '../session/use-complete-login';
import { readGoogleCallback } from './google-oauth';

/**
 * /auth/callback/google: Google sends the person back here with an ID token; Mason's server
 * checks it and answers with a session token. A 403 means sign-ups are closed (SPEC.md 8).
 */
export function GoogleCallbackScreen() {
  const paths = useAuthPaths();
  const navigate = useNavigate();
  const [loginWithGoogle] = useLoginWithGoogleMutation();
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const callback = readGoogleCallback(window.location.hash);
    window.history.replaceState(null, '', window.location.pathname);
    if (!callback.ok) {
      setFailure(callback.reason);
      return;
    }
    const { idToken, pending } = callback;
    loginWithGoogle({ token: idToken, referralCode: readReferralCookie() })
      .unwrap()
      .then(({ token }) => completeLogin(token, undefined, pending))
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 403) {
          // The toast 'We are not accepting new users…' comes from the API error listener.
          navigate(paths.login, { replace: true });
          return;
        }
        setFailure(ErrorMessages.googleLoginFailed);
      });
  }, [loginWithGoogle, completeLogin, navigate, paths.login]);

  return (
    <AuthLayout title={failure ? 'Google sign-in failed' : 'Signing you in…'}>
      {failure ? (
        <>
          <Alert tone="error">{failure}</Alert>
          <Button as={Link} to={paths.login} fullWidth>
            Back to log in
          </Button>
        </>
      ) : (
        <Spinner label="Checking your Google account" />
      )}
    </AuthLayout>
  );
}
