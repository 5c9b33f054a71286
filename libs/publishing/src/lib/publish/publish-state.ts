import type { Deployment, DeploymentResponse, DeploymentStatus } from '@mason/contract';

/** While the newest deployment is on its way, the control asks the server again this often. */
export const PUBLISH_POLL_MS = 2000;

/**
 * Where publishing stands, as a person sees it:
 * - `unpublished`: never published.
 * - `publishing`: the newest deployment is QUEUED or BUILDING (what was live stays live).
 * - `failed`: the newest deployment FAILED (what was live stays live).
 * - `live`: an app is served.
 * - `offline`: it was published once, and is served no more (unpublished).
 */
export type PublishPhase = 'unpublished' | 'publishing' | 'failed' | 'live' | 'offline';

export interface PublishState {
  phase: PublishPhase;
  /** The newest deployment (the one publishing, failed or live), or null. */
  newest: Deployment | null;
  /** The deployment being served, or null. */
  live: Deployment | null;
  /** The app's public address (the same across publishes), or null before the first publish. */
  url: string | null;
  /** The version a publish now would build: the project's newest. */
  latestVersionIndex: number;
  /** A newer version than the live one exists. */
  updateAvailable: boolean;
}

const IN_PROGRESS: ReadonlySet<DeploymentStatus> = new Set(['QUEUED', 'BUILDING']);

/** True while a deployment is still on its way (QUEUED or BUILDING). */
export const isInProgress = (deployment: Deployment | null): boolean =>
  deployment !== null && IN_PROGRESS.has(deployment.status);

/** What GET /projects/:id/deployment means for the Publish control. */
export function publishStateOf(response: DeploymentResponse): PublishState {
  const { deployment: newest, live, url, latestVersionIndex } = response;
  const phase: PublishPhase =
    newest === null
      ? 'unpublished'
      : isInProgress(newest)
        ? 'publishing'
        : newest.status === 'FAILED'
          ? 'failed'
          : live
            ? 'live'
            : 'offline';
  return {
    phase,
    newest,
    live,
    url: live?.url ?? url,
    latestVersionIndex,
    updateAvailable: live !== null && latestVersionIndex > live.versionIndex,
  };
}

/** A deployment's status in words, and the badge it wears in the history. */
export const DEPLOYMENT_STATUS_LABELS: Readonly<
  Record<
    DeploymentStatus,
    { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' | 'info' }
  >
> = {
  QUEUED: { label: 'Waiting', variant: 'info' },
  BUILDING: { label: 'Building', variant: 'warning' },
  LIVE: { label: 'Live', variant: 'success' },
  FAILED: { label: 'Failed', variant: 'destructive' },
  SUPERSEDED: { label: 'Replaced', variant: 'secondary' },
  OFFLINE: { label: 'Offline', variant: 'secondary' },
};

/** The host of an address, for showing it short ("todo-app.apps.example.com"). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What comes after the app's name in its address (".apps.example.com"), or null if it cannot tell. */
export function addressSuffixOf(url: string | null, slug: string | null): string | null {
  if (!url || !slug) return null;
  const host = hostOf(url);
  return host.startsWith(`${slug}.`) ? host.slice(slug.length) : null;
}
