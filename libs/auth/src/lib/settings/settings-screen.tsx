import { useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import {
  AccountProofMessages,
  PASSWORD_MIN_LENGTH,
  UpdateCurrentUserRequestSchema,
  type User,
} from '@mason/contract';
import {
  isApiError,
  useGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
} from '@mason/api-client';
import {
  Alert,
  Button,
  EmptyState,
  Spinner,
  TextField,
  useThemeMode,
  type ThemeMode,
  useContractForm,
} from '@mason/ui-kit';
import { StyledFieldRow, StyledForm } from '../auth-layout/auth-layout';
import { logout, type AuthDispatch } from '../session/session-thunks';

const StyledPage = styled.main`
  width: 100%;
  max-width: 44rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]} ${theme.space[16]}`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledPageTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
`;

const StyledSection = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};
  padding: ${({ theme }) => theme.space[6]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

const StyledSectionHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizes.lg};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  }
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const StyledChoices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledChoice = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.ring : theme.colors.border)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.accent : 'transparent')};
  cursor: pointer;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  &:focus-within {
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledSelect = styled.select`
  height: 2.5rem;
  padding: ${({ theme }) => `0 ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.input};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.foreground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <StyledSection aria-labelledby={id}>
      <StyledSectionHeader>
        <h2 id={id}>{title}</h2>
        <p>{description}</p>
      </StyledSectionHeader>
      {children}
    </StyledSection>
  );
}

/** Shows field errors next to their fields; the catalogue's message when the server named no field. */
function useSaveState() {
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return { status, setStatus };
}

/** The e-mail field's hint: whether the address is verified, or what changing it needs. */
function emailHint(user: User, changing: boolean): string {
  if (changing && !user.hasPassword) return AccountProofMessages.googleForEmail;
  if (changing) return 'To change your e-mail address, enter your current password too.';
  return user.emailVerified ? 'Verified.' : 'Not verified yet: check your inbox for the link.';
}

function ProfileForm({ user }: { user: User }) {
  const [update, { isLoading }] = useUpdateCurrentUserMutation();
  const { status, setStatus } = useSaveState();
  const form = useContractForm(
    UpdateCurrentUserRequestSchema,
    {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: '',
    },
    ['currentPassword'],
  );
  // A new address needs proof: the current password (or, without one, a fresh Google sign-in).
  const changingEmail = form.values.email.trim().toLowerCase() !== user.email;
  const asksPassword = changingEmail && user.hasPassword;
  const onSubmit = form.handleSubmit(async ({ currentPassword, ...profile }) => {
    setStatus(null);
    if (asksPassword && !currentPassword) {
      form.showServerErrors({ currentPassword: AccountProofMessages.passwordForEmail });
      return;
    }
    try {
      const saved = await update(asksPassword ? { ...profile, currentPassword } : profile).unwrap();
      form.setValue('currentPassword', '');
      setStatus({
        tone: 'success',
        text:
          saved.email !== user.email
            ? `Saved. We sent a verification link to ${saved.email}.`
            : 'Saved.',
      });
    } catch (caught) {
      if (isApiError(caught)) {
        form.showServerErrors(caught.fieldErrors);
        // A refused proof says what is missing; any other 400 here is 'Email is taken.' (SPEC.md 8).
        setStatus({
          tone: 'error',
          text: caught.fieldErrors?.['currentPassword'] ?? caught.message,
        });
      } else
        setStatus({ tone: 'error', text: 'Mason could not save your profile. Please try again.' });
    }
  });
  return (
    <StyledForm onSubmit={onSubmit} noValidate aria-label="Profile">
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <StyledFieldRow>
        <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
      </StyledFieldRow>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint={emailHint(user, changingEmail)}
        {...form.field('email')}
      />
      {asksPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
      )}
      <StyledActions>
        <Button type="submit" loading={isLoading} loadingText="Saving…">
          Save profile
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

function PasswordForm() {
  const [update, { isLoading }] = useUpdateCurrentUserMutation();
  const { status, setStatus } = useSaveState();
  const form = useContractForm(UpdateCurrentUserRequestSchema, {
    currentPassword: '',
    newPassword: '',
  });
  const onSubmit = form.handleSubmit(async (body) => {
    setStatus(null);
    if (!body.newPassword) {
      form.showServerErrors({ newPassword: 'Enter a new password.' });
      return;
    }
    try {
      await update(body).unwrap();
      form.setValue('currentPassword', '');
      form.setValue('newPassword', '');
      setStatus({ tone: 'success', text: 'Password changed.' });
    } catch (caught) {
      if (isApiError(caught) && caught.fieldErrors) form.showServerErrors(caught.fieldErrors);
      else
        setStatus({
          tone: 'error',
          text: isApiError(caught) ? caught.message : 'Mason could not change the password.',
        });
    }
  });
  return (
    <StyledForm onSubmit={onSubmit} noValidate aria-label="Password">
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit.`}
        {...form.field('newPassword')}
      />
      <StyledActions>
        <Button type="submit" loading={isLoading} loadingText="Changing…">
          Change password
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

export const SIGNUP_SOURCES = [
  'Search engine',
  'Social media',
  'A friend or colleague',
  'YouTube',
  'A newsletter or blog',
  'Other',
] as const;

function SignupSourceForm({ user }: { user: User }) {
  const [update, { isLoading }] = useUpdateCurrentUserMutation();
  const { status, setStatus } = useSaveState();
  const [source, setSource] = useState(user.signupSource ?? '');
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!source) return;
    setStatus(null);
    try {
      await update({ signupSource: source }).unwrap();
      setStatus({ tone: 'success', text: 'Thank you.' });
    } catch (caught) {
      setStatus({
        tone: 'error',
        text: isApiError(caught) ? caught.message : 'Mason could not save that.',
      });
    }
  };
  return (
    <StyledForm onSubmit={onSubmit} aria-label="How you found Mason">
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <label htmlFor="signup-source">How did you hear about Mason?</label>
      <StyledSelect
        id="signup-source"
        value={source}
        onChange={(event) => setSource(event.target.value)}
      >
        <option value="" disabled>
          Choose one
        </option>
        {SIGNUP_SOURCES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </StyledSelect>
      <StyledActions>
        <Button type="submit" variant="secondary" loading={isLoading} disabled={!source}>
          Save
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

const MODES: { mode: ThemeMode; label: string }[] = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'system', label: 'System' },
];

function AppearanceChoice() {
  const { mode, setMode } = useThemeMode();
  return (
    <StyledChoices role="radiogroup" aria-label="Colour theme">
      {MODES.map((option) => (
        <StyledChoice key={option.mode} $checked={mode === option.mode}>
          <input
            type="radio"
            name="theme-mode"
            checked={mode === option.mode}
            onChange={() => setMode(option.mode)}
          />
          {option.label}
        </StyledChoice>
      ))}
    </StyledChoices>
  );
}

/** /settings and /dashboard/settings: profile, password, signup source, appearance, log out. */
export function SettingsScreen() {
  const dispatch = useDispatch<AuthDispatch>();
  const { data: user, isLoading, isError, refetch } = useGetCurrentUserQuery();

  if (isLoading) return <Spinner label="Loading your settings" />;
  if (isError || !user) {
    return (
      <EmptyState
        title="Your settings could not be loaded"
        description="Check your connection, then try again."
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  return (
    <StyledPage>
      <StyledPageTitle>Settings</StyledPageTitle>
      <Section title="Profile" description="Your name and the e-mail address you log in with.">
        <ProfileForm key={user.id} user={user} />
      </Section>
      <Section title="Password" description="Change the password you log in with.">
        <PasswordForm />
      </Section>
      <Section
        title="Appearance"
        description="Light, dark, or whatever your system uses. Kept on this device."
      >
        <AppearanceChoice />
      </Section>
      <Section title="About you" description="Helps us understand how people find Mason.">
        <SignupSourceForm user={user} />
      </Section>
      <Section title="Session" description="Log out of Mason on this device.">
        <StyledActions>
          <Button variant="outline" onClick={() => void dispatch(logout())}>
            Log out
          </Button>
        </StyledActions>
      </Section>
    </StyledPage>
  );
}
