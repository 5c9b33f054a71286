import {
  BillingService,
  EmbeddedProvider,
  StripeProvider,
  type BillingLinks,
} from '@mason/server-billing';
import type { AppContext } from '../app-context';

/**
 * Billing: the provider the configuration chooses (Stripe when its keys are set, else Mason's own
 * checkout page) and links to Mason's pages (the way back from a checkout, receipts).
 */
export function billingService(ctx: AppContext): BillingService {
  const { config, db, log } = ctx;
  const links: BillingLinks = { web: (path) => `${config.publicUrl}${path}` };
  const { stripe, pricing } = config.billing;
  const provider = stripe ? new StripeProvider(stripe, pricing) : new EmbeddedProvider(db, links);
  return new BillingService({ config: config.billing, db, provider, links, log });
}
