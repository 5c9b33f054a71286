import { ErrorMessages, type Domain, type DomainRequest } from '@mason/contract';
import { aDomain, apiErrorBody, FIXTURE_NOW, mockEndpoint } from '@mason/api-client/testing';
import { HttpResponse, type HttpHandler } from 'msw';

export interface DomainsFakeOptions {
  published?: boolean;
  /** Whether the person's plan includes custom domains (default: yes). */
  planIncludesDomains?: boolean;
  domains?: Domain[];
}

/**
 * The domains calls of one project as the server answers them (libs/server-domains'
 * domains.routes.spec.ts holds the server to each): an added domain is PENDING with its records;
 * a second claim is a 409 naming the field; a check finds the records "created" with
 * `createRecords` (ACTIVE) or says each is missing; removing forgets it.
 */
export function domainsFake({
  published = true,
  planIncludesDomains = true,
  domains = [],
}: DomainsFakeOptions = {}) {
  const state = { published, domains: [...domains], created: new Set<string>() };
  const find = (name: string) => state.domains.find((domain) => domain.domain === name);
  const notOnProject = (name: string) =>
    HttpResponse.json(apiErrorBody(404, { message: `This project has no domain ${name}.` }), {
      status: 404,
    });

  const handlers: HttpHandler[] = [
    mockEndpoint('getProjectDomains', () => ({
      domains: state.domains,
      published: state.published,
      planIncludesDomains,
    })),
    mockEndpoint('addProjectDomain', ({ body }) => {
      const { domain } = body as DomainRequest;
      if (!planIncludesDomains)
        return HttpResponse.json(
          apiErrorBody(403, { message: ErrorMessages.customDomainsNotInPlan }),
          { status: 403 },
        );
      if (!state.published)
        return HttpResponse.json(
          apiErrorBody(409, {
            message: 'Publish the app before adding a domain: a domain shows the published app.',
          }),
          { status: 409 },
        );
      if (find(domain)) {
        const message = `${domain} is already added to this project.`;
        return HttpResponse.json(apiErrorBody(409, { message, fieldErrors: { domain: message } }), {
          status: 409,
        });
      }
      const added = aDomain({ domain, url: `https://${domain}/`, createdAt: FIXTURE_NOW });
      state.domains.push(added);
      return added;
    }),
    mockEndpoint('verifyProjectDomain', ({ body }) => {
      const { domain } = body as DomainRequest;
      const current = find(domain);
      if (!current) return notOnProject(domain);
      const found = state.created.has(domain);
      const checked: Domain = {
        ...current,
        status: found ? 'ACTIVE' : current.status,
        verifiedAt: found ? FIXTURE_NOW : current.verifiedAt,
        checkedAt: FIXTURE_NOW,
        activeUntil: null,
        checks: current.dnsRecords.map(({ type, name, value }) => ({
          type,
          name,
          ok: found,
          detail: found
            ? type === 'TXT'
              ? 'Found, with the right value.'
              : `Points at ${value}.`
            : `No ${type} record found.`,
        })),
      };
      state.domains = state.domains.map((domain) =>
        domain.domain === checked.domain ? checked : domain,
      );
      return checked;
    }),
    mockEndpoint('removeProjectDomain', ({ body }) => {
      const { domain } = body as DomainRequest;
      if (!find(domain)) return notOnProject(domain);
      state.domains = state.domains.filter((item) => item.domain !== domain);
      return { ok: true as const };
    }),
  ];

  return {
    state,
    handlers,
    /** The person created the domain's records at their DNS provider. */
    createRecords: (domain: string) => state.created.add(domain),
  };
}
