import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError, useRequestPasswordResetMutation } from '@mason/api-client';
import { Alert, Button, TextField, useLazyContractForm } from '@mason/ui-kit';
import { AuthLayout, StyledForm } from '../auth-layout/auth-layout';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { loadPasswordResetRequestSchema } from '../forms/load-auth-form-schema';

/** /password-reset: asks for a reset link. The answer never tells whether the address has an account. */
export function PasswordResetRequestScreen() {
  const paths = useAuthPaths();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useLazyContractForm(loadPasswordResetRequestSchema, { email: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await requestReset(body).unwrap();
      setSentTo(body.email);
    } catch (caught) {
      setError(
        isApiError(caught) ? caught.message : 'Mason could not send the link. Please try again.',
      );
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to={paths.login}>Back to log in</Link>
        </>
      }
    >
      {sentTo ? (
        <Alert tone="success" title="Check your inbox">
          If an account exists for {sentTo}, we have sent it a link to reset the password. The link
          works for one hour.
        </Alert>
      ) : (
        <StyledForm onSubmit={onSubmit} noValidate aria-label="Reset password">
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
          />
          <Button type="submit" fullWidth loading={isLoading} loadingText="Sending…">
            Send reset link
          </Button>
        </StyledForm>
      )}
    </AuthLayout>
  );
}
