import { UsageLimitModal } from '@mason/billing';
import { paths } from '../paths';

export default function UsageLimit() {
  return <UsageLimitModal plansHref={paths.pricing} billingHref={paths.dashboardBilling} />;
}
