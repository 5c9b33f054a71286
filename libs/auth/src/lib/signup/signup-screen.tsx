import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@mason/contract';
import {
  isApiError,
  readReferralCookie,
  useGetClientConfigQuery,
  useSignupMutation,
} from '@mason/api-client';
import { Alert, Button, TextField, useLazyContractForm } from '@mason/ui-kit';
import {
  AuthLayout,
  StyledFieldRow,
  StyledFinePrint,
  StyledForm,
} from '../auth-layout/auth-layout';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { loadSignupSchema } from '../forms/load-auth-form-schema';
import { REFERRAL_PARAM } from '../referral/referral-capture';
import { GoogleSignInOption } from '../google/lazy-google-sign-in';
import { useCompleteLogin, useLoginIntent, withLoginIntent } from '../session/use-complete-login';

/** /signup: a new account, logged in at once and reminded to verify the e-mail. */
export function SignupScreen() {
  const paths = useAuthPaths();
  const intent = useLoginIntent();
  const [params] = useSearchParams();
  const { data: config } = useGetClientConfigQuery();
  const [signup, { isLoading }] = useSignupMutation();
  const completeLogin = useCompleteLogin();
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const form = useLazyContractForm(
    loadSignupSchema,
    {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      referralCode: params.get(REFERRAL_PARAM) ?? readReferralCookie() ?? '',
    },
    ['referralCode'],
  );

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const { token } = await signup(body).unwrap();
      setFinishing(true);
      await completeLogin(token, body.email);
    } catch (caught) {
      setFinishing(false);
      setError(
        isApiError(caught)
          ? caught.message
          : 'Mason could not create your account. Please try again.',
      );
      if (isApiError(caught)) form.showServerErrors(caught.fieldErrors);
    }
  });

  const loginHref = withLoginIntent(paths.login, intent);

  if (config && !config.signupsOpen) {
    return (
      <AuthLayout
        title="Sign-ups are paused"
        description="Mason is not accepting new accounts right now. Join the waitlist and we will e-mail you when a place opens."
        footer={
          <>
            Already have an account? <Link to={loginHref}>Log in</Link>
          </>
        }
      >
        <Button as={Link} to={paths.waitlist} fullWidth>
          Join the waitlist
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your Mason account"
      description="Describe the software you need; Mason builds it while you watch."
      footer={
        <>
          Already have an account? <Link to={loginHref}>Log in</Link>
        </>
      }
    >
      <GoogleSignInOption clientId={config?.googleClientId} />
      <StyledForm onSubmit={onSubmit} noValidate aria-label="Create account">
        {error && <Alert tone="error">{error}</Alert>}
        <StyledFieldRow>
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            {...form.field('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            {...form.field('lastName')}
          />
        </StyledFieldRow>
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
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit.`}
          required
          {...form.field('password')}
        />
        <TextField
          label="Referral code"
          optional
          autoComplete="off"
          {...form.field('referralCode')}
        />
        <Button
          type="submit"
          fullWidth
          loading={isLoading || finishing}
          loadingText="Creating your account…"
        >
          Create account
        </Button>
        <StyledFinePrint>
          By creating an account you agree to the <Link to={paths.terms}>terms of service</Link> and
          the <Link to={paths.privacy}>privacy policy</Link>.
        </StyledFinePrint>
      </StyledForm>
    </AuthLayout>
  );
}
