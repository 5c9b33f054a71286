import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@mason/contract';
import { isApiError, useResetPasswordMutation } from '@mason/api-client';
import { Alert, Button, TextField, useLazyContractForm } from '@mason/ui-kit';
import { AuthLayout, StyledForm } from '../auth-layout/auth-layout';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { loadPasswordResetConfirmSchema } from '../forms/load-auth-form-schema';

/** /password-reset/:token: sets a new password; every session of the account ends, so the person logs in again. */
export function PasswordResetScreen() {
  const paths = useAuthPaths();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useLazyContractForm(loadPasswordResetConfirmSchema, { token, password: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await resetPassword(body).unwrap();
      navigate(`${paths.login}?reset=done`, { replace: true });
    } catch (caught) {
      setError(
        isApiError(caught)
          ? caught.message
          : 'Mason could not change the password. Please try again.',
      );
    }
  });

  return (
    <AuthLayout
      title="Choose a new password"
      description="After this, you log in again on every device with the new password."
      footer={<Link to={paths.passwordReset}>Send a new link</Link>}
    >
      <StyledForm onSubmit={onSubmit} noValidate aria-label="Set new password">
        {(error || form.errors.token) && <Alert tone="error">{error ?? form.errors.token}</Alert>}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit.`}
          required
          {...form.field('password')}
        />
        <Button type="submit" fullWidth loading={isLoading} loadingText="Saving…">
          Set new password
        </Button>
      </StyledForm>
    </AuthLayout>
  );
}
