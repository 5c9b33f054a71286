import * as z from 'zod/mini';
import { BillingProviderNameSchema, PricingTableSchema } from './billing/schemas';

/** The announcement banner of SPEC.md 1; its text and link come from the server's configuration. */
export const BannerConfigSchema = z.object({
  id: z.string(),
  text: z.string(),
  linkText: z.string(),
  href: z.string(),
});
export type BannerConfig = z.infer<typeof BannerConfigSchema>;

/** GET /config: what the browser client needs to know about this server, before login. */
export const ClientConfigSchema = z.object({
  /** Google Identity Services client id, or null when Google sign-in is not configured. */
  googleClientId: z.nullable(z.string()),
  /** False while sign-ups are closed: new users are sent to the waitlist. */
  signupsOpen: z.boolean(),
  banner: z.nullable(BannerConfigSchema),
  /** posthog project key and host, or null: then no analytics are sent. */
  analytics: z.nullable(z.object({ key: z.string(), host: z.string() })),
  /** Who takes payments, and the effective prices, budgets and rewards (the pages show these). */
  /** Mason's window captures the preview for the dashboard's project cards (MASON_THUMBNAILS). */
  thumbnails: z.boolean(),
  billing: z.object({ provider: BillingProviderNameSchema, pricing: PricingTableSchema }),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
