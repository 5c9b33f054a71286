import * as z from 'zod/mini';
import { TimestampSchema } from './primitives';

/**
 * The person's own OpenRouter account (issue 35 §2), connected through OpenRouter's OAuth PKCE
 * flow: their turns run on the key it gives, and are not charged Mason credits.
 */
export const OpenRouterConnectionSchema = z.object({ connectedAt: TimestampSchema });
export type OpenRouterConnection = z.infer<typeof OpenRouterConnectionSchema>;

/** GET /open-router, and the answer of POST /open-router/access-code. */
export const OpenRouterIntegrationResponseSchema = z.object({
  connection: z.nullable(OpenRouterConnectionSchema),
});
export type OpenRouterIntegrationResponse = z.infer<typeof OpenRouterIntegrationResponseSchema>;

/** OpenRouter's authorize page (its callback_url carries the anti-forgery state). */
export const OpenRouterAuthorizeUrlResponseSchema = z.object({ url: z.url() });
export type OpenRouterAuthorizeUrlResponse = z.infer<typeof OpenRouterAuthorizeUrlResponseSchema>;

/** POST /open-router/access-code: what /open-router/callback received. */
export const OpenRouterAccessCodeRequestSchema = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(512)),
  code: z.string().check(z.minLength(1), z.maxLength(512)),
});
export type OpenRouterAccessCodeRequest = z.infer<typeof OpenRouterAccessCodeRequestSchema>;
