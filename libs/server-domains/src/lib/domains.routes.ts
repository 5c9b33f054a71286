import { ApiCalls, ErrorMessages } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { callRoute, forbidden, notFound, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DomainsService } from './domains.service';

/** What the domains routes are built from (apps/api composes it). */
export interface DomainsRoutesContext {
  db: Executor;
  domains: DomainsService;
  /**
   * Whether a person's plan includes custom domains (billing's pricing table): only then may they
   * add one. Domains added before a change of plan keep serving.
   */
  planIncludesDomains: (userId: string) => Promise<boolean>;
}

/** A name Mason gives no certificate for: the same answer whatever the reason. */
const NO_CERTIFICATE = 'Mason serves no app at this name.';

/**
 * /projects/:id/domains (list, add, remove), /projects/:id/domains/verify, and the public
 * /domains/tls-check a reverse proxy asks before getting a certificate.
 */
export const domainsRoutes: FastifyPluginAsyncZod<{ ctx: DomainsRoutesContext }> = async (
  app,
  { ctx },
) => {
  const { db, domains, planIncludesDomains } = ctx;

  app.route(
    callRoute(ApiCalls.getProjectDomains, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const [list, included] = await Promise.all([
        domains.list(project.id),
        planIncludesDomains(user.id),
      ]);
      return { ...list, planIncludesDomains: included };
    }),
  );

  app.route(
    callRoute(ApiCalls.addProjectDomain, async (request, reply) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      if (!(await planIncludesDomains(user.id)))
        throw forbidden(ErrorMessages.customDomainsNotInPlan);
      const domain = await domains.add(project.id, request.body.domain);
      return reply.status(201).send(domain);
    }),
  );

  app.route(
    callRoute(ApiCalls.removeProjectDomain, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      await domains.remove(project.id, request.body.domain);
      return { ok: true as const };
    }),
  );

  app.route(
    callRoute(ApiCalls.verifyProjectDomain, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return domains.verify(project.id, request.body.domain);
    }),
  );

  app.route(
    callRoute(ApiCalls.checkDomainTls, async (request) => {
      if (!(await domains.allowsCertificate(request.query.domain))) throw notFound(NO_CERTIFICATE);
      return { ok: true as const };
    }),
  );
};
