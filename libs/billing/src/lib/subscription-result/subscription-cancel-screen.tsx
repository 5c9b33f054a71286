import { InfoIcon } from '@mason/ui-kit';
import { ResultLayout, type ResultLinks } from './result-layout';

export type SubscriptionCancelScreenProps = ResultLinks;

/** /subscriptions/cancel: the person left a checkout without paying. */
export function SubscriptionCancelScreen(links: SubscriptionCancelScreenProps) {
  return (
    <ResultLayout
      {...links}
      icon={<InfoIcon />}
      title="Checkout cancelled, nothing was charged"
      description="Your plan is as it was. Choose a plan, credits or an amount to add any time from billing."
    />
  );
}
