import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Alert, Button, Spinner } from '@mason/ui-kit';
import { CallbackLayout } from '../callback-layout/callback-layout';

/** The sentences of a callback card, centred under its title. */
export const StyledCallbackText = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
`;

const StyledProgress = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** The ways on from a callback card, one under the other, full width. */
export const StyledCallbackActions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface CallbackProgressProps {
  title: string;
  /** What the spinner says (read out, and shown beside it). */
  label: string;
  detail: ReactNode;
}

/** The code is being exchanged: a status whose words are read out, and what is happening. */
export function CallbackProgress({ title, label, detail }: CallbackProgressProps) {
  return (
    <CallbackLayout title={title}>
      <StyledProgress>
        <Spinner label={label} />
        <span aria-hidden="true">{label}…</span>
      </StyledProgress>
      <StyledCallbackText>{detail}</StyledCallbackText>
    </CallbackLayout>
  );
}

export interface CallbackFailureProps {
  title: string;
  message: string;
  /** Posts the same code again (only for a failure worth retrying). */
  onRetry?: () => void;
  /** The ways back (a link, "Close this window"). */
  children: ReactNode;
}

/** It did not work: why (an alert, read out at once), "Try again" when it can help, the way back. */
export function CallbackFailure({ title, message, onRetry, children }: CallbackFailureProps) {
  return (
    <CallbackLayout title={title}>
      <Alert tone="error">{message}</Alert>
      <StyledCallbackActions>
        {onRetry && (
          <Button fullWidth onClick={onRetry}>
            Try again
          </Button>
        )}
        {children}
      </StyledCallbackActions>
    </CallbackLayout>
  );
}

export interface CallbackLoginProps {
  title: string;
  detail: ReactNode;
  loginHref: string;
}

/** A visitor who is not logged in: the exchange needs their session, so they log in first. */
export function CallbackLogin({ title, detail, loginHref }: CallbackLoginProps) {
  return (
    <CallbackLayout title={title}>
      <StyledCallbackText>{detail}</StyledCallbackText>
      <Button as={Link} to={loginHref} fullWidth>
        Log in
      </Button>
    </CallbackLayout>
  );
}
