import type { Task, TaskLog, TaskLogsResponse } from '@mason/contract';
import type { TaskEventsConnection } from './task-events';

/** Words of an AI message being written: shown until its AI_MESSAGE entry (same draftId) is stored. */
export interface TaskLogDraft {
  readonly draftId: string;
  readonly text: string;
}

/**
 * A task's log as the cache keeps it: the stored entries, oldest first, without duplicates.
 * The live feed (`getTaskLogs({ taskId, live: true })`) adds the messages being written and
 * the state of its connection.
 */
export interface TaskLogFeed extends TaskLogsResponse {
  drafts?: TaskLogDraft[];
  connection?: TaskEventsConnection;
  /** The task as the stream last reported it. */
  latestTask?: Task;
}

/** The mutable shape the merge functions work on (an immer draft of the cache entry). */
interface MutableFeed {
  logs: TaskLog[];
  hasMoreBefore: boolean;
  hasMoreAfter: boolean;
  drafts?: TaskLogDraft[];
  latestTask?: Task;
}

const DIGITS = /^\d+$/;

/**
 * Log ids are the task's sequence numbers ('1', '2', ...): compared as numbers. Ids of another
 * shape have no order (0), so they keep the order they arrived in.
 */
export function compareLogIds(a: string, b: string): number {
  if (!DIGITS.test(a) || !DIGITS.test(b)) return 0;
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const isNextAfter = (id: string, previous: string) =>
  DIGITS.test(id) && DIGITS.test(previous) && BigInt(id) === BigInt(previous) + 1n;

/** Takes out the drafts that stored AI messages replace. */
function settleDrafts(feed: MutableFeed, logs: readonly TaskLog[]) {
  if (!feed.drafts?.length) return;
  const settled = new Set(
    logs.flatMap((log) =>
      log.type === 'AI_MESSAGE' && log.payload.draftId ? [log.payload.draftId] : [],
    ),
  );
  if (settled.size > 0) feed.drafts = feed.drafts.filter(({ draftId }) => !settled.has(draftId));
}

/**
 * Adds entries to a feed: a known id is replaced (the server updates an entry, e.g. a
 * NEEDS_ATTENTION once answered), a new one goes in order. Drafts their AI messages replace are
 * dropped. Newest entries append in O(1); anything else re-sorts.
 */
export function upsertLogs(feed: MutableFeed, logs: readonly TaskLog[]): void {
  if (logs.length === 0) return;
  const index = new Map<string, number>();
  feed.logs.forEach((log, position) => index.set(log.id, position));
  let needsSort = false;
  for (const log of logs) {
    const known = index.get(log.id);
    if (known !== undefined) {
      feed.logs[known] = log;
      continue;
    }
    const last = feed.logs[feed.logs.length - 1];
    if (last && compareLogIds(log.id, last.id) < 0) needsSort = true;
    index.set(log.id, feed.logs.length);
    feed.logs.push(log);
  }
  if (needsSort) feed.logs.sort((a, b) => compareLogIds(a.id, b.id));
  settleDrafts(feed, logs);
}

/**
 * Merges the newest page (a refetch of the live feed, or a poll) into what is cached. When the
 * page does not touch what is cached (more entries were written than one page holds), the
 * cached entries would leave a hole, so the page replaces them; scrolling up loads the rest.
 */
export function mergeNewestPage(feed: MutableFeed, page: TaskLogsResponse): void {
  const first = page.logs[0];
  const last = feed.logs[feed.logs.length - 1];
  if (first && last && compareLogIds(first.id, last.id) > 0 && !isNextAfter(first.id, last.id)) {
    feed.logs = [...page.logs];
    feed.hasMoreBefore = page.hasMoreBefore;
    feed.hasMoreAfter = page.hasMoreAfter;
    settleDrafts(feed, page.logs);
    return;
  }
  const cachedFirst = feed.logs[0];
  const reachesCacheStart =
    cachedFirst === undefined ||
    (first !== undefined && compareLogIds(first.id, cachedFirst.id) <= 0);
  upsertLogs(feed, page.logs);
  if (reachesCacheStart) feed.hasMoreBefore = page.hasMoreBefore;
  feed.hasMoreAfter = page.hasMoreAfter;
}

/** Puts an older page (GET logs?beforeLogId=) in front of the cached entries. */
export function prependOlderPage(feed: MutableFeed, page: TaskLogsResponse): void {
  upsertLogs(feed, page.logs);
  feed.hasMoreBefore = page.hasMoreBefore;
}

/** Adds words to the message being written (a `delta` event). */
export function appendDraftText(feed: MutableFeed, draftId: string, text: string): void {
  feed.drafts ??= [];
  const draft = feed.drafts.find((candidate) => candidate.draftId === draftId);
  if (draft) (draft as { text: string }).text += text;
  else feed.drafts.push({ draftId, text });
}
