import { BillingScreen } from '@mason/billing';
import { pathTo, paths } from '../paths';

/** /dashboard/billing and /billing: the plan, usage, credits or balance, and payments. */
export default function Billing() {
  return (
    <BillingScreen
      pricingHref={paths.pricing}
      projectHref={(projectId) => pathTo(paths.project, { projectId })}
    />
  );
}
