import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  isApiError,
  useCancelCheckoutMutation,
  useConfirmCheckoutMutation,
  useGetCheckoutSessionQuery,
} from '@mason/api-client';
import type { CheckoutStatus } from '@mason/contract/billing';
import { Button, EmptyState, Page, PageHeader } from '@mason/ui-kit';
import { openInBrowser, type OpenExternalUrl } from '../shared/external-url';
import { LoadError } from '../shared/load-error';
import { LoadingStatus } from '../shared/loading-status';
import { CheckoutDetails } from './checkout-details';
import { useFollowRedirect } from './use-follow-redirect';

export interface CheckoutScreenProps {
  /** The billing screen, where a closed or unknown checkout leads. */
  billingHref: string;
  /** Leaves for a page of another origin. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
}

type Decision = 'confirm' | 'cancel';

/** Why a checkout that is not open cannot be paid, in words. */
const CLOSED: Readonly<Record<Exclude<CheckoutStatus, 'open'>, string>> = {
  complete: 'This checkout is already paid',
  canceled: 'This checkout was cancelled',
  expired: 'This checkout has expired',
};

const statusOf = (error: unknown) => (isApiError(error) ? error.status : null);

/**
 * /billing/checkout/:id: the payment page of Mason's embedded provider (a server without Stripe).
 * It shows what is bought and its price; Pay confirms, Cancel leaves, and each goes where the
 * server says. A checkout that is unknown, not the person's, or no longer open says so.
 */
export function CheckoutScreen({
  billingHref,
  openExternalUrl = openInBrowser,
}: CheckoutScreenProps) {
  const { id = '' } = useParams<{ id: string }>();
  const session = useGetCheckoutSessionQuery(id, { skip: !id });
  const [confirmCheckout] = useConfirmCheckoutMutation();
  const [cancelCheckout] = useCancelCheckoutMutation();
  const follow = useFollowRedirect(openExternalUrl);
  const [pending, setPending] = useState<Decision | null>(null);
  const [leaving, setLeaving] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<{ decision: Decision; message: string } | null>(null);
  const [refusal, setRefusal] = useState<404 | 409 | null>(null);

  const decide = async (decision: Decision) => {
    setPending(decision);
    setFailure(null);
    try {
      const send = decision === 'confirm' ? confirmCheckout : cancelCheckout;
      const { redirectUrl } = await send(id).unwrap();
      setLeaving(decision);
      follow(redirectUrl);
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 409) {
        setRefusal(status);
        // The session as it is now: paid or cancelled elsewhere (another tab, a webhook).
        if (status === 409) void session.refetch();
      } else {
        setFailure({
          decision,
          message: isApiError(error) ? error.message : 'Something went wrong. Try again.',
        });
      }
    } finally {
      setPending(null);
    }
  };

  const toBilling = (
    <Button as={Link} to={billingHref} variant="outline">
      Go to billing
    </Button>
  );

  let body: ReactNode;
  if (leaving) {
    body = (
      <LoadingStatus
        label={
          leaving === 'confirm'
            ? 'Payment confirmed. Taking you back to Mason…'
            : 'Checkout cancelled. Taking you back to Mason…'
        }
      />
    );
  } else if (session.isLoading) {
    body = <LoadingStatus label="Loading the checkout…" />;
  } else if (refusal === 404 || statusOf(session.error) === 404) {
    body = (
      <EmptyState
        bordered
        title="This checkout does not exist or is not yours"
        description="Start again from billing: choose a plan, credits or an amount to add."
        action={toBilling}
      />
    );
  } else if (!session.data) {
    body = (
      <LoadError
        title="The checkout could not be loaded"
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    );
  } else if (session.data.status !== 'open' || refusal === 409) {
    const { status } = session.data;
    body = (
      <EmptyState
        bordered
        title={status === 'open' ? 'This checkout is no longer open' : CLOSED[status]}
        description="Nothing more is charged. Your plan, credits and payments are on the billing page."
        action={toBilling}
      />
    );
  } else {
    body = (
      <CheckoutDetails
        session={session.data}
        pending={pending}
        onConfirm={() => void decide('confirm')}
        onCancel={() => void decide('cancel')}
        failure={
          failure && {
            message: failure.message,
            retry: () => void decide(failure.decision),
          }
        }
      />
    );
  }

  return (
    <Page width="narrow">
      <PageHeader title="Checkout" description="Mason, test payment page" />
      {body}
    </Page>
  );
}
