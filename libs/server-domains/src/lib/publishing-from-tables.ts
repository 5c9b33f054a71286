import type { Executor } from '@mason/server-db';
import type { DomainsPublishingPort } from './domains-context';
import { hasLiveDeployment, liveSlug } from './domains.repository';

/**
 * The publishing port read straight from the deployments and app_slugs tables (server-db's
 * schema of publishing): what apps/api wires while no publishing library offers the port.
 */
export function publishingFromTables(db: Executor): DomainsPublishingPort {
  return {
    isPublished: (projectId) => hasLiveDeployment(db, projectId),
    servesSlug: (slug) => liveSlug(db, slug),
  };
}
