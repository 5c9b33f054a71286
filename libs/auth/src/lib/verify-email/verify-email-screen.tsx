import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useSelector } from 'react-redux';
import { useVerifyEmailMutation } from '@mason/api-client';
import { Alert, Button, Spinner } from '@mason/ui-kit';
import { AuthLayout } from '../auth-layout/auth-layout';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { selectIsAuthenticated } from '../session/session-slice';

/** /verify-email/:token: confirms the address the link was sent to. */
export function VerifyEmailScreen() {
  const paths = useAuthPaths();
  const { token = '' } = useParams();
  const signedIn = useSelector(selectIsAuthenticated);
  const [verifyEmail, { isSuccess, isError, error }] = useVerifyEmailMutation();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    void verifyEmail({ token });
  }, [token, verifyEmail]);

  const next = signedIn ? paths.dashboard : paths.login;
  const nextLabel = signedIn ? 'Continue to Mason' : 'Log in';

  if (isSuccess) {
    return (
      <AuthLayout title="E-mail verified" description="Thank you. Your address is confirmed.">
        <Button as={Link} to={next} fullWidth>
          {nextLabel}
        </Button>
      </AuthLayout>
    );
  }
  if (isError) {
    const message =
      error && 'message' in error ? String(error.message) : 'This link cannot be used.';
    return (
      <AuthLayout
        title="This link cannot be used"
        description="Verification links work once. You can ask for a new one from Mason."
      >
        <Alert tone="error">{message}</Alert>
        <Button as={Link} to={next} fullWidth variant="secondary">
          {nextLabel}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Verifying your e-mail…">
      <Spinner label="Verifying your e-mail" />
    </AuthLayout>
  );
}
