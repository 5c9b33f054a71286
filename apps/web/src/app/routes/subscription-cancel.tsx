import { SubscriptionCancelScreen } from '@mason/billing';
import { paths } from '../paths';

/** /subscriptions/cancel: a checkout left without paying comes back here. */
export default function SubscriptionCancel() {
  return (
    <SubscriptionCancelScreen
      billingHref={paths.dashboardBilling}
      dashboardHref={paths.dashboardProjects}
    />
  );
}
