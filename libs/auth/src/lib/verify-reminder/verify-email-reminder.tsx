import { useState } from 'react';
import { useSelector } from 'react-redux';
import {
  isApiError,
  useGetCurrentUserQuery,
  useResendVerificationEmailMutation,
} from '@mason/api-client';
import { Alert, Button } from '@mason/ui-kit';
import { selectIsAuthenticated } from '../session/session-slice';

/** Reminds a signed-in person to verify the e-mail address until it is verified. */
export function VerifyEmailReminder() {
  const signedIn = useSelector(selectIsAuthenticated);
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn });
  const [resend, { isLoading }] = useResendVerificationEmailMutation();
  const [note, setNote] = useState<string | null>(null);

  if (!user || user.emailVerified) return null;

  const onResend = async () => {
    try {
      await resend().unwrap();
      setNote(`Sent. Check ${user.email}.`);
    } catch (caught) {
      setNote(
        isApiError(caught) ? caught.message : 'Mason could not send the e-mail. Please try again.',
      );
    }
  };

  return (
    <Alert
      tone="warning"
      title="Verify your e-mail address"
      action={
        <Button size="sm" variant="outline" loading={isLoading} onClick={onResend}>
          Resend e-mail
        </Button>
      }
    >
      We sent a link to {user.email}. Open it to confirm the address.{' '}
      {note && <strong role="status">{note}</strong>}
    </Alert>
  );
}
