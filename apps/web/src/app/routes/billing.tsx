import { BillingScreen } from '@mason/billing';
import { paths } from '../paths';

/** /dashboard/billing and /billing: the plan, usage, credits or balance, and payments. */
export default function Billing() {
  return <BillingScreen pricingHref={paths.pricing} />;
}
