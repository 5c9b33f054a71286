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
      (domain) => domain.includes('.') && !domain.endsWith('.'),
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

export const DomainSchema = z.object({
  domain: z.string(),
  status: DomainStatusSchema,
  dnsRecords: z.array(DnsRecordSchema),
  createdAt: TimestampSchema,
  verifiedAt: z.nullable(TimestampSchema),
});
export type Domain = z.infer<typeof DomainSchema>;

/** GET /projects/:id/domains */
export const DomainsResponseSchema = z.object({ domains: z.array(DomainSchema) });
export type DomainsResponse = z.infer<typeof DomainsResponseSchema>;

/** POST (answers the Domain) and DELETE (with this body) /projects/:id/domains. */
export const DomainRequestSchema = z.object({ domain: DomainNameSchema });
export type DomainRequest = z.infer<typeof DomainRequestSchema>;
