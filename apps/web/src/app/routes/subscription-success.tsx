import { SubscriptionSuccessScreen } from '@mason/billing';
import { paths } from '../paths';

/** /subscriptions/success: a paid checkout comes back here. */
export default function SubscriptionSuccess() {
  return (
    <SubscriptionSuccessScreen
      billingHref={paths.dashboardBilling}
      dashboardHref={paths.dashboardProjects}
    />
  );
}
