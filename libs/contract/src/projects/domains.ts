import * as z from 'zod/mini';
import { TimestampSchema } from '../primitives';

export const DomainNameSchema = z
  .pipe(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, 'Enter a domain.'),
        z.maxLength(253, 'That domain is too long.'),
      ),
    z.hostname('Enter a domain like app.example.com.'),
  )
  .check(
    z.refine(
      // A name with a dot, and a top-level label that is not a number (no IP address).
      (domain) =>
        domain.includes('.') &&
        !domain.endsWith('.') &&
        !/^\d+$/.test(domain.split('.').pop() ?? ''),
      'Enter a domain like app.example.com.',
    ),
  );

export const DomainStatusSchema = z.enum(['PENDING', 'ACTIVE', 'FAILED']);
export type DomainStatus = z.infer<typeof DomainStatusSchema>;

/** A DNS record the person must create for the domain to verify. */
export const DnsRecordSchema = z.object({
  type: z.enum(['A', 'AAAA', 'CNAME', 'TXT']),
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

/** What the last DNS check found for one record the person was asked to create. */
export const DomainCheckSchema = z.object({
  type: DnsRecordSchema.shape.type,
  name: z.string(),
  /** The record is there with the value asked for. */
  ok: z.boolean(),
  /** What DNS answered, or why the lookup failed, in words a person can act on. */
  detail: z.string(),
});
export type DomainCheck = z.infer<typeof DomainCheckSchema>;

export const DomainSchema = z.object({
  domain: z.string(),
  /** Where the published app opens by this domain (once it is ACTIVE). */
  url: z.url(),
  /**
   * PENDING until every record is found; ACTIVE (served) once it is; FAILED when the records of
   * an ACTIVE domain stayed missing for longer than the grace period (see activeUntil).
   */
  status: DomainStatusSchema,
  dnsRecords: z.array(DnsRecordSchema),
  /** The outcome of the last check, per record of dnsRecords (empty before the first check). */
  checks: z.array(DomainCheckSchema),
  /** When DNS was last checked; null before the first check. */
  checkedAt: z.nullable(TimestampSchema),
  createdAt: TimestampSchema,
  /** When every record was last found (an ACTIVE domain keeps it while they stay). */
  verifiedAt: z.nullable(TimestampSchema),
  /**
   * An ACTIVE domain whose records were missing at the last check: it is served until then, and
   * becomes FAILED after it unless the records come back. Null otherwise.
   */
  activeUntil: z.nullable(TimestampSchema),
});
export type Domain = z.infer<typeof DomainSchema>;

/** GET /projects/:id/domains */
export const DomainsResponseSchema = z.object({
  domains: z.array(DomainSchema),
  /** Whether the project is published: only then may a domain be added (and show the app). */
  published: z.boolean(),
  /** Whether the owner's plan includes custom domains (the pricing table's customDomains). */
  planIncludesDomains: z.boolean(),
});
export type DomainsResponse = z.infer<typeof DomainsResponseSchema>;

/** POST (answers the Domain) and DELETE (with this body) /projects/:id/domains. */
export const DomainRequestSchema = z.object({ domain: DomainNameSchema });
export type DomainRequest = z.infer<typeof DomainRequestSchema>;

/**
 * GET /domains/tls-check?domain=: what a reverse proxy with on-demand certificates (Caddy's
 * `on_demand_tls { ask … }`) sends before it asks for a certificate. Any text up to a domain's
 * length: a name Mason does not serve is a 404, not a 400.
 */
export const TlsCheckQuerySchema = z.object({
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
});
export type TlsCheckQuery = z.infer<typeof TlsCheckQuerySchema>;
