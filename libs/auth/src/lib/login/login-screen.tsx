import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError, useGetClientConfigQuery, useLoginMutation } from '@mason/api-client';
import { Alert, Button, TextField, useLazyContractForm } from '@mason/ui-kit';
import { AuthLayout, StyledForm } from '../auth-layout/auth-layout';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { loadLoginSchema } from '../forms/load-auth-form-schema';
import { GoogleSignInOption } from '../google/lazy-google-sign-in';
import { useCompleteLogin, useLoginIntent, withLoginIntent } from '../session/use-complete-login';

/** /login: e-mail and password, or Google; then the destination of SPEC.md 2. */
export function LoginScreen() {
  const paths = useAuthPaths();
  const intent = useLoginIntent();
  const [params] = useSearchParams();
  const { data: config } = useGetClientConfigQuery();
  const [login, { isLoading }] = useLoginMutation();
  const completeLogin = useCompleteLogin();
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const form = useLazyContractForm(loadLoginSchema, { email: '', password: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const { token } = await login(body).unwrap();
      setFinishing(true);
      await completeLogin(token, body.email);
    } catch (caught) {
      setFinishing(false);
      setError(
        isApiError(caught) ? caught.message : 'Mason could not log you in. Please try again.',
      );
      if (isApiError(caught)) form.showServerErrors(caught.fieldErrors);
    }
  });

  return (
    <AuthLayout
      title="Log in to Mason"
      description={
        intent.plan
          ? 'Log in to continue to checkout.'
          : 'Welcome back. Pick up where you left off.'
      }
      footer={
        <>
          New to Mason? <Link to={withLoginIntent(paths.signup, intent)}>Create an account</Link>
        </>
      }
    >
      <GoogleSignInOption clientId={config?.googleClientId} />
      <StyledForm onSubmit={onSubmit} noValidate aria-label="Log in">
        {error && <Alert tone="error">{error}</Alert>}
        {!error && params.get('reset') === 'done' && (
          <Alert tone="success">Your password has been changed. Log in with the new one.</Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          labelAction={<Link to={paths.passwordReset}>Forgot password?</Link>}
          {...form.field('password')}
        />
        <Button type="submit" fullWidth loading={isLoading || finishing} loadingText="Logging in…">
          Log in
        </Button>
      </StyledForm>
    </AuthLayout>
  );
}
