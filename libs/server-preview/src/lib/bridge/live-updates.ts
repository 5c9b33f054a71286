import type { AccessToken } from './access-token';
import type { BridgeConfig } from './bridge-config';
import { reportableUrl } from './navigation';
import type { PostToParent } from './parent-window';
import type { PreviewEdits } from './preview-edits';
import { isRecord } from './values';

/**
 * The hot runtime's update, as the page's `__masonHot` offers it (installHotRuntime): `fresh`
 * starts the app afresh once the update ran (its state is not kept).
 */
type HotUpdate = (url: string, fresh: boolean) => Promise<boolean>;

export interface LiveUpdateOptions {
  readonly config: Pick<BridgeConfig, 'liveUrl' | 'buildKey' | 'buildFailure' | 'versionId'>;
  readonly token: AccessToken;
  readonly post: PostToParent;
  readonly edits: PreviewEdits;
  /** Told of every announcement of the live stream, as it comes. */
  readonly onAnnounced?: () => void;
  /** Told of each build the page was updated to in place (its key), once it shows it. */
  readonly onUpdated?: (buildKey: string) => void;
}

/** A 'version' event of the live stream, or null when its data is not one. */
interface AnnouncedVersion {
  readonly buildKey: string;
  readonly versionIndex: number | null;
  readonly versionId: string | null;
  /** The host's update from the build shown to this one; null: the page must reload. */
  readonly hotUrl: string | null;
  /** That update's module, when the host sent it along (no fetch needed). */
  readonly js: string | null;
  /** The app's state may be kept through the update (the host said 'refresh'). */
  readonly keepsState: boolean;
  /** Files written before a version stores them: no version to tell Mason's window of. */
  readonly working: boolean;
}

function readVersion(data: string): AnnouncedVersion | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.buildKey !== 'string') return null;
  return {
    buildKey: value.buildKey,
    versionIndex:
      typeof value.index === 'number' && Number.isInteger(value.index) && value.index >= 0
        ? value.index
        : null,
    versionId: typeof value.versionId === 'string' ? value.versionId : null,
    // Only the host's own update path is loaded.
    hotUrl:
      typeof value.hotUrl === 'string' && value.hotUrl.startsWith('/__mason/hot/')
        ? value.hotUrl
        : null,
    js: typeof value.js === 'string' ? value.js : null,
    // Anything but the host's 'refresh' starts the app afresh: a fresh start never shows a mix.
    keepsState: value.kind === 'refresh',
    working: value.working === true,
  };
}

/** Runs `js` (a hot update's module) through the hot runtime, from a blob: URL. */
async function runInline(hotUpdate: HotUpdate, js: string, fresh: boolean): Promise<boolean> {
  const url = URL.createObjectURL(new Blob([js], { type: 'text/javascript' }));
  try {
    return await hotUpdate(url, fresh);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The hot runtime runs before the app, on pages that show a build; null elsewhere. */
function hotUpdateOfPage(): HotUpdate | null {
  const runtime: unknown = (window as unknown as { __masonHot?: unknown }).__masonHot;
  if (!isRecord(runtime) || typeof runtime.update !== 'function') return null;
  const hot = runtime as unknown as { update: HotUpdate };
  return (url, fresh) => hot.update(url, fresh);
}

/**
 * Follows the host's live stream of new builds (with the token, and the build the page shows).
 * A new build is swapped in place through the hot runtime when the host made an update for it
 * (keeping the app's state when the host says it may, 'refresh'; else the app starts afresh in
 * the page, 'remount'), and Mason's window is told the version shown ('ready'); otherwise,
 * or when the update fails, the page reloads (with the token). Updates run one after another,
 * in the order announced.
 */
export function followLiveBuilds({
  config,
  token,
  post,
  edits,
  onAnnounced,
  onUpdated,
}: LiveUpdateOptions): void {
  if (config.liveUrl === null || typeof EventSource !== 'function') return;
  const liveUrl = new URL(config.liveUrl, location.href);
  // A failed build is not one to update from: the host is not told it.
  if (config.buildKey !== null && config.buildFailure === null)
    liveUrl.searchParams.set('build', config.buildKey);
  /** The build the page shows, or will once the updates queued have run. */
  let shownBuildKey = config.buildKey;
  /** The version Mason's window was last told the page shows ('ready'). */
  let toldVersionId = config.versionId;
  let reloading = false;
  let updates: Promise<void> = Promise.resolve();

  function reloadForNewBuild(): void {
    if (reloading) return;
    reloading = true;
    live?.close();
    location.replace(token.withToken(location.href));
  }

  // Mason's window learns which version the page shows now, as after a load.
  const tellShown = (version: AnnouncedVersion) => {
    if (reloading || version.working || version.versionId === toldVersionId) return;
    toldVersionId = version.versionId;
    post({
      type: 'ready',
      url: reportableUrl(),
      versionIndex: version.versionIndex,
      versionId: version.versionId,
    });
  };

  const onVersion = (event: Event) => {
    const version = readVersion(String((event as MessageEvent).data));
    if (version === null) return;
    onAnnounced?.();
    if (version.buildKey === shownBuildKey) {
      // The page shows these files already, or will (it followed them as they were written).
      updates = updates.then(() => tellShown(version));
      return;
    }
    const hotUpdate = hotUpdateOfPage();
    if (version.hotUrl === null || hotUpdate === null || config.buildFailure !== null) {
      // Files being written are followed only in place: the stored version comes after.
      if (!version.working) reloadForNewBuild();
      return;
    }
    const hotUrl = token.withToken(version.hotUrl);
    shownBuildKey = version.buildKey;
    updates = updates.then(async () => {
      if (reloading) return;
      // The page as React rendered it, so React's update lands on the text and attributes it
      // knows; Mason's window sends the preview edits again after 'ready'.
      edits.restore();
      const fresh = !version.keepsState;
      const applied = await (
        version.js === null ? hotUpdate(hotUrl, fresh) : runInline(hotUpdate, version.js, fresh)
      ).catch(() => false);
      if (!applied) {
        reloadForNewBuild();
        return;
      }
      tellShown(version);
      onUpdated?.(version.buildKey);
    });
  };

  // Connected once the app's modules have run (DOMContentLoaded), not while the page fetches
  // them: the stream takes one of the browser's few connections to the host, and the host's
  // work to open it, away from the app's first paint. Nothing is missed meanwhile: the stream's
  // first event names the newest version.
  let live: EventSource | null = null;
  let gone = false;
  const connect = () => {
    if (gone || live !== null) return;
    live = new EventSource(token.withToken(liveUrl.href));
    live.addEventListener('version', onVersion);
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', connect, { once: true });
  else connect();
  window.addEventListener('pagehide', () => {
    gone = true;
    live?.close();
  });
}
