import {
  BillingService,
  EmbeddedProvider,
  StripeProvider,
  type BillingLinks,
} from '@mason/server-billing';
import { webBaseFor } from '@mason/server-http';
import type { AppContext } from '../app-context';

/**
 * Billing: the provider the configuration chooses (Stripe when its keys are set, else Mason's own
 * checkout page) and links to Mason's pages (the way back from a checkout, receipts).
 */
export function billingService(ctx: AppContext): BillingService {
  const { config, db, log } = ctx;
  // Links back into the web app follow the person's own origin when it is Mason's (a session
  // lives in one origin's storage: http://127.0.0.1:4200 and http://localhost:4200 are two).
  const links: BillingLinks = {
    web: (path, from) => `${webBaseFor(from, config.publicUrl)}${path}`,
  };
  const { stripe, pricing } = config.billing;
  const provider = stripe ? new StripeProvider(stripe, pricing) : new EmbeddedProvider(db, links);
  return new BillingService({ config: config.billing, db, provider, links, log });
}
