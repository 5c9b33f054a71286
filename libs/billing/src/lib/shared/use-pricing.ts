import { useGetClientConfigQuery } from '@mason/api-client';
import { DEFAULT_PRICING, type PricingTable } from '@mason/contract/billing';

/**
 * The prices this server charges (GET /config `billing.pricing`, its overrides applied). While
 * the config loads `isLoading` is true; if it cannot be fetched the shell falls back to the
 * defaults, and so does billing.
 */
export function usePricing(): { pricing: PricingTable; isLoading: boolean } {
  const { data, isLoading } = useGetClientConfigQuery();
  return { pricing: data?.billing.pricing ?? DEFAULT_PRICING, isLoading };
}
