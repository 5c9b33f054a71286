import type { Deployment, DeploymentResponse } from '@mason/contract';
import {
  aDeployment,
  aDeploymentResponse,
  fixtureTimeAgo,
  mockEndpoint,
} from '@mason/api-client/testing';

export const APP_URL = 'https://todo-app.apps.example.com/';

/** A deployment of version `versionIndex` in a given state, dated a while before now. */
export function aDeploymentOf(
  versionIndex: number,
  status: Deployment['status'],
  overrides: Partial<Deployment> = {},
): Deployment {
  const built =
    status === 'LIVE' || status === 'SUPERSEDED' || status === 'OFFLINE' || status === 'FAILED';
  return aDeployment({
    id: `deployment-${versionIndex}`,
    versionId: `version-${versionIndex}`,
    versionIndex,
    status,
    url: status === 'LIVE' ? APP_URL : null,
    canRollBack: status === 'SUPERSEDED' || status === 'OFFLINE',
    createdAt: fixtureTimeAgo({ hours: 10 - versionIndex }),
    startedAt: status === 'QUEUED' ? null : fixtureTimeAgo({ hours: 10 - versionIndex }),
    finishedAt: built ? fixtureTimeAgo({ hours: 10 - versionIndex }) : null,
    updatedAt: fixtureTimeAgo({ hours: 10 - versionIndex }),
    ...overrides,
  });
}

/** GET /projects/:id/deployment: newest first; `live` is the LIVE one in the history. */
export function aPublishing(
  history: Deployment[],
  { latestVersionIndex, slug = 'todo-app' }: { latestVersionIndex?: number; slug?: string } = {},
): DeploymentResponse {
  const live = history.find(({ status }) => status === 'LIVE') ?? null;
  return aDeploymentResponse({
    deployment: history[0] ?? null,
    live,
    slug: history.length > 0 ? slug : null,
    url: history.length > 0 ? `https://${slug}.apps.example.com/` : null,
    latestVersionIndex:
      latestVersionIndex ?? Math.max(1, ...history.map(({ versionIndex }) => versionIndex)),
    history,
  });
}

/** The build errors a failed deployment names. */
export const BUILD_LOG = [
  'src/App.tsx:3:7: ERROR: Could not resolve "./Toggle"',
  'src/App.tsx:9:1: ERROR: Expected "}" but found end of file',
];

/**
 * The publishing calls, answered from one state a test moves on: publish queues the newest
 * version, rollback and unpublish change what is live, a new name changes the address.
 * Records what was asked.
 */
export function fakePublishing(initial: DeploymentResponse) {
  const fake = {
    current: initial,
    deployRequests: [] as { versionId?: string; newApi?: boolean }[],
    rollbacks: [] as string[],
    unpublished: 0,
    reads: 0,
    /** The `waitFor` of each read (undefined: not waiting). */
    waits: [] as (string | undefined)[],
    set(next: DeploymentResponse) {
      fake.current = next;
    },
  };
  const handlers = [
    mockEndpoint('getDeployment', ({ query }) => {
      fake.reads += 1;
      fake.waits.push((query as { waitFor?: string }).waitFor);
      return fake.current;
    }),
    mockEndpoint('deployProject', ({ body, query }) => {
      fake.deployRequests.push({
        ...(body as { versionId?: string }),
        newApi: (query as { newApi?: boolean }).newApi,
      });
      const versionIndex = fake.current.latestVersionIndex;
      const queued = aDeploymentOf(versionIndex, 'QUEUED', {
        id: `deployment-${versionIndex}-again`,
        createdAt: fixtureTimeAgo({ seconds: 5 }),
        updatedAt: fixtureTimeAgo({ seconds: 5 }),
      });
      fake.current = {
        ...fake.current,
        // The first publish gives the app its name and address.
        slug: fake.current.slug ?? 'todo-app',
        url: fake.current.url ?? APP_URL,
        deployment: queued,
        history: [queued, ...fake.current.history],
      };
      return queued;
    }),
    mockEndpoint('rollbackDeployment', ({ body }) => {
      const { deploymentId } = body as { deploymentId: string };
      fake.rollbacks.push(deploymentId);
      const url = fake.current.url;
      const history = fake.current.history.map((deployment) =>
        deployment.id === deploymentId
          ? { ...deployment, status: 'LIVE' as const, url, canRollBack: false }
          : deployment.status === 'LIVE'
            ? { ...deployment, status: 'SUPERSEDED' as const, url: null, canRollBack: true }
            : deployment,
      );
      const live = history.find(({ id }) => id === deploymentId) as Deployment;
      fake.current = { ...fake.current, live, deployment: history[0] ?? live, history };
      return live;
    }),
    mockEndpoint('unpublishProject', () => {
      fake.unpublished += 1;
      const history = fake.current.history.map((deployment) =>
        deployment.status === 'LIVE'
          ? { ...deployment, status: 'OFFLINE' as const, url: null, canRollBack: true }
          : deployment,
      );
      fake.current = { ...fake.current, live: null, deployment: history[0] ?? null, history };
      return { ok: true as const };
    }),
    mockEndpoint('changeAppSlug', ({ body }) => {
      const { slug } = body as { slug: string };
      const url = `https://${slug}.apps.example.com/`;
      const withUrl = (deployment: Deployment | null) =>
        deployment && deployment.status === 'LIVE' ? { ...deployment, url } : deployment;
      fake.current = {
        ...fake.current,
        slug,
        url,
        live: withUrl(fake.current.live),
        deployment: withUrl(fake.current.deployment),
        history: fake.current.history.map((deployment) => withUrl(deployment) as Deployment),
      };
      return fake.current;
    }),
  ];
  return { fake, handlers };
}
