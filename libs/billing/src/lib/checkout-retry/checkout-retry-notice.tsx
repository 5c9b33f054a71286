import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError, readReferralCookie, useCreateCheckoutMutation } from '@mason/api-client';
import { CheckoutPlanSchema, paidPlanOf, type CheckoutPlan } from '@mason/contract';
import { Alert, Button, Inline } from '@mason/ui-kit';
import { PLAN_NAMES } from '../format/billing-format';
import { openInBrowser, type OpenExternalUrl } from '../shared/external-url';

export interface CheckoutRetryNoticeProps {
  /** Leaves for the checkout page. Default: the browser's navigation. */
  openExternalUrl?: OpenExternalUrl;
}

/** What the login hands over when the chosen plan's checkout could not start (auth's FailedCheckout). */
function failedCheckoutOf(state: unknown): { plan: CheckoutPlan; message: string } | null {
  const failed = (state as { failedCheckout?: { plan?: unknown; message?: unknown } } | null)
    ?.failedCheckout;
  const plan = CheckoutPlanSchema.safeParse(failed?.plan);
  if (!plan.success || typeof failed?.message !== 'string') return null;
  return { plan: plan.data, message: failed.message };
}

const RETRY_FAILED = 'The payment page could not be opened. Please try again.';

/**
 * On the dashboard after a login or sign-up whose plan could not go to checkout: the person is in,
 * the notice says what happened and opens the checkout again, or goes away.
 */
export function CheckoutRetryNotice({ openExternalUrl = openInBrowser }: CheckoutRetryNoticeProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const failed = failedCheckoutOf(location.state);
  const [createCheckout, { isLoading, isSuccess }] = useCreateCheckoutMutation();
  const [message, setMessage] = useState<string | null>(null);

  if (!failed) return null;
  const name = PLAN_NAMES[paidPlanOf(failed.plan)];
  const dismiss = () =>
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  const retry = async () => {
    setMessage(null);
    try {
      const { checkoutUrl } = await createCheckout({
        type: failed.plan,
        referral: readReferralCookie(),
      }).unwrap();
      openExternalUrl(checkoutUrl);
    } catch (caught) {
      setMessage(isApiError(caught) ? caught.message : RETRY_FAILED);
    }
  };

  return (
    <Alert
      tone="error"
      title={`Your account is ready, but the ${name} checkout did not open`}
      action={
        <Inline gap={2}>
          <Button size="sm" variant="ghost" onClick={dismiss} disabled={isLoading}>
            Dismiss
          </Button>
          <Button
            size="sm"
            loading={isLoading || isSuccess}
            loadingText="Opening checkout…"
            onClick={retry}
          >
            Try again
          </Button>
        </Inline>
      }
    >
      <span role="status">{message ?? failed.message}</span> You are on the free plan until you pay.
    </Alert>
  );
}
