import type { ServerResponse } from 'node:http';
import type { VersionRow } from '@mason/server-db';
import { openEventStream } from '@mason/server-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { warmQuickHotUpdates } from '../hot-update-quick';
import type { AnnouncedUpdate, PreviewBuilds } from './preview-builds';
import type { PreviewHostDeps } from './preview-host-deps';
import { findVersion, findVersionById } from './preview-repository';
import type { PreviewHost } from './preview-urls';

const KEEPALIVE_MS = 15_000;
const RETRY_MS = 1000;
const BUILD_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** A hot update's module larger than this is fetched by the page, not sent in the event. */
const MAX_INLINE_JS = 256 * 1024;

/**
 * The 'version' event of the live stream (BridgeConfig.liveUrl describes it to the bridge): a
 * stored version (`version`), or files written before a version stores them (null).
 */
function writeVersionEvent(
  raw: ServerResponse,
  version: VersionRow | null,
  buildKey: string,
  update: Pick<AnnouncedUpdate, 'hotUrl' | 'js' | 'kind'> | null,
): void {
  if (raw.destroyed) return;
  const js = update?.js ?? null;
  const data = {
    index: version?.index ?? null,
    versionId: version?.id ?? null,
    buildKey,
    hotUrl: update?.hotUrl ?? null,
    ...(update?.kind && { kind: update.kind }),
    ...(js !== null && js.length <= MAX_INLINE_JS && { js }),
    ...(version === null && { working: true }),
  };
  raw.write(`event: version\ndata: ${JSON.stringify(data)}\n\n`);
  // Sent now: Node corks a response's socket until the next tick, which a busy server (a version
  // being stored by the embedded database, in promise callbacks) can put off for tens of ms.
  raw.socket?.uncork();
}

/**
 * Announces a version to one live page that shows the build `shownKey`. When only components
 * changed, the host makes the update that swaps them in (the page keeps its state when only
 * their markup changed, else starts the app afresh: HotUpdateKind) and announces it before the
 * whole version is built; otherwise the page reloads, and finds the build under
 * way. Answers the key the page shows next.
 */
async function announce(
  builds: PreviewBuilds,
  raw: ServerResponse,
  version: VersionRow,
  shownKey: string | null,
): Promise<string> {
  const { key } = await builds.keyOf(version);
  if (shownKey === null || shownKey === key) {
    // Build now, so the page that reloads on this event finds it ready (or under way).
    const built = builds.buildOf(version);
    writeVersionEvent(raw, version, key, null);
    await built;
    return key;
  }
  const update = await builds.updateTo(shownKey, version);
  writeVersionEvent(raw, version, key, update);
  await update.built;
  return key;
}

/**
 * Follows files written before a version stores them: when the page's build can be hot-updated
 * to them, the update is sent (the page shows them as they are written); otherwise nothing (no
 * reload for files that may be half written: the version that stores them decides). Answers
 * the key the page shows next.
 */
async function follow(
  builds: PreviewBuilds,
  raw: ServerResponse,
  projectId: string,
  changes: Readonly<Record<string, string | null>>,
  shownKey: string | null,
): Promise<string | null> {
  if (shownKey === null) return shownKey;
  const update = await builds.updateWith(projectId, shownKey, changes);
  if (update?.hotUrl == null) return shownKey;
  writeVersionEvent(raw, null, update.key, update);
  await update.built;
  return update.key;
}

/**
 * GET /__mason/live on the host of a project's newest version: the project's versions as
 * server-sent events. On connect (and on every reconnect) the first event names the newest
 * version, so a page that missed versions while it was not listening learns of them at once;
 * then each new version, in order, never an older one after a newer. When the project's
 * environment variables change, the newest version is announced again under its new build key
 * (the page reloads with the new values). Files written before a version stores them (an
 * assistant's turn) are followed as they come when the page can be hot-updated to them; once
 * they settle, the newest version is announced again, so a page never stays on files that were
 * not stored.
 */
export function serveLive(
  deps: PreviewHostDeps,
  builds: PreviewBuilds,
  request: FastifyRequest<{ Querystring: { build?: string } }>,
  reply: FastifyReply,
  host: PreviewHost,
  sessionId: string,
): void {
  warmQuickHotUpdates();
  const raw = openEventStream(reply, RETRY_MS);
  const shown = request.query.build;
  let shownKey = shown !== undefined && BUILD_KEY.test(shown) ? shown : null;
  let announcedIndex = -1;
  let announcing: Promise<unknown> = Promise.resolve();
  /** `again`: the version shown may be announced again (its build changed, not its files). */
  const announceNext = (load: () => Promise<VersionRow | null>, again = false) => {
    // Looked up at once (in the order told), announced one after another.
    const version = load();
    announcing = announcing
      .then(async () => {
        const row = await version;
        if (!row || raw.destroyed) return;
        if (row.index < announcedIndex || (row.index === announcedIndex && !again)) return;
        announcedIndex = row.index;
        shownKey = await announce(builds, raw, row, shownKey);
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'Could not announce a version'));
  };
  const followFiles = (changes: Readonly<Record<string, string | null>>) => {
    announcing = announcing
      .then(async () => {
        if (raw.destroyed) return;
        shownKey = await follow(builds, raw, host.projectId, changes, shownKey);
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'Could not follow files'));
  };
  // Subscribed before the newest version is read: a version made in between is not missed.
  const unsubscribe = deps.watchProject(host.projectId, (event) => {
    // The same version again: its build changed (variables), or the page may show files that
    // were written and then not stored.
    if (event.type === 'env' || event.type === 'settled')
      announceNext(() => findVersion(deps.db, host.projectId, null), true);
    else if (event.type === 'files') followFiles(event.changes);
    else announceNext(() => findVersionById(deps.db, host.projectId, event.versionId));
  });
  announceNext(() => findVersion(deps.db, host.projectId, null));
  const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
  // The stream ends with the session its link was made for.
  deps.streams.add(raw, sessionId);
  raw.on('close', () => {
    clearInterval(keepalive);
    unsubscribe();
  });
}
