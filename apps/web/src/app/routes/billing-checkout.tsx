import { CheckoutScreen } from '@mason/billing';
import { paths } from '../paths';

/** /billing/checkout/:id: the embedded provider's payment page (a server without Stripe). */
export default function BillingCheckout() {
  return <CheckoutScreen billingHref={paths.dashboardBilling} />;
}
