import { ReceiptScreen } from '@mason/billing';
import { paths } from '../paths';

/** /billing/receipts/:id: the receipt of a payment made on the embedded provider's page. */
export default function BillingReceipt() {
  return <ReceiptScreen billingHref={paths.dashboardBilling} />;
}
