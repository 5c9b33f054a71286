import type { Executor } from '@mason/server-db';
import type { DomainsPublishingPort } from './domains-context';
import { hasLiveDeployment, slugInUse } from './domains.repository';

/** A retired slug still redirects (and so still needs its certificate) this long. */
const RETIRED_SLUG_DAYS = 30;

/**
 * The publishing port read straight from the deployments and app_slugs tables (server-db's
 * schema of publishing): what apps/api wires while no publishing library offers the port.
 */
export function publishingFromTables(db: Executor): DomainsPublishingPort {
  return {
    isPublished: (projectId) => hasLiveDeployment(db, projectId),
    servesSlug: (slug) =>
      slugInUse(db, slug, new Date(Date.now() - RETIRED_SLUG_DAYS * 24 * 60 * 60 * 1000)),
  };
}
