import Stripe from 'stripe';
import type { StripeConfig } from '../../billing-config';

/**
 * The official SDK, pointed at Stripe or, when STRIPE_API_BASE is set, at another host (a
 * loopback stand-in in tests). The SDK retries a failed call twice with the same idempotency key,
 * so a retried POST is never applied twice.
 */
export function stripeClientOf(config: StripeConfig): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey, { maxNetworkRetries: 2 });
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/** An id from a field Stripe may answer as an id or as the expanded object. */
export function idOf(value: string | { readonly id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}
