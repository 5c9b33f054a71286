import { ApiRoutes, type TaskLogsResponse, type TaskStreamEvent } from '@mason/contract';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ResolvedApiClientConfig } from './config';
import { fillPath } from './path';

/**
 * Where the live feed of a task stands:
 * - connecting: opening the stream (first time);
 * - live: the stream is open, entries and words arrive as they are made;
 * - polling: the stream is down; entries are fetched every few seconds while it reconnects;
 * - closed: stopped (the feed is no longer watched, or the server refused: 401, 403, 404).
 */
export type TaskEventsConnection = 'connecting' | 'live' | 'polling' | 'closed';

/** The clocks of the stream client (tests shorten them). */
export interface TaskEventsTiming {
  /** While the stream is down, GET logs?afterLogId= this often. */
  readonly pollIntervalMs: number;
  /** First reconnect delay; doubled after each failure up to retryMaxMs. */
  readonly retryMinMs: number;
  readonly retryMaxMs: number;
  /** The server comments every 15 s; this long without a byte means the connection is dead. */
  readonly idleTimeoutMs: number;
}

export const TASK_EVENTS_TIMING: TaskEventsTiming = {
  pollIntervalMs: 2000,
  retryMinMs: 1000,
  retryMaxMs: 30_000,
  idleTimeoutMs: 45_000,
};

export interface WatchTaskEventsOptions {
  readonly taskId: string;
  /** The store's api client config: base URL, token getter, fetch. */
  readonly config: ResolvedApiClientConfig;
  /** The store's state, for the token getter. */
  readonly getState: () => unknown;
  /** The newest log entry the caller holds (sent as Last-Event-ID and afterLogId), or null. */
  readonly lastLogId: () => string | null;
  /** A stream event: a stored entry, words of a message being written, or the task's new state. */
  readonly onEvent: (event: TaskStreamEvent) => void;
  /** Entries fetched by polling while the stream is down (oldest first). */
  readonly onLogs: (page: TaskLogsResponse) => void;
  readonly onConnectionChange?: (connection: TaskEventsConnection) => void;
  readonly timing?: Partial<TaskEventsTiming>;
}

/** Statuses after which retrying cannot help: the session ended, or the task is not this person's. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);

const isEventStream = (response: Response) =>
  (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');

/**
 * Watches one task: opens GET /tasks/:id/events (server-sent events over fetch, so the bearer
 * token travels in a header), hands every event to `onEvent`, and keeps it open: when the
 * stream fails or ends it reconnects with backoff, resuming after the last entry
 * (Last-Event-ID), and meanwhile polls GET /tasks/:id/logs?afterLogId= so nothing waits for
 * the stream. Returns the function that stops it all.
 */
export function watchTaskEvents(options: WatchTaskEventsOptions): () => void {
  const timing: TaskEventsTiming = { ...TASK_EVENTS_TIMING, ...options.timing };
  const { config, taskId } = options;
  let stopped = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = timing.retryMinMs;
  let polling = false;
  let connection: TaskEventsConnection | null = null;

  const setConnection = (next: TaskEventsConnection) => {
    if (next === connection) return;
    connection = next;
    options.onConnectionChange?.(next);
  };

  const fetchFn = (input: RequestInfo, init?: RequestInit) =>
    (config.fetchFn ?? globalThis.fetch)(input, init);

  const headers = (accept: string) => {
    const result = new Headers({ Accept: accept });
    const token = config.getToken(options.getState());
    if (token) result.set('Authorization', `Bearer ${token}`);
    return result;
  };

  const url = (path: string, afterLogId: string | null) =>
    `${config.baseUrl}${path}${afterLogId ? `?afterLogId=${encodeURIComponent(afterLogId)}` : ''}`;

  const clearIdle = () => clearTimeout(idleTimer);
  const bumpIdle = () => {
    clearIdle();
    idleTimer = setTimeout(() => controller?.abort(), timing.idleTimeoutMs);
  };

  function handle(message: EventSourceMessage) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (!isStreamEvent(data)) return;
    // The stream works: the next failure starts again from the shortest delay.
    retryDelay = timing.retryMinMs;
    options.onEvent(data);
  }

  async function poll() {
    if (stopped || !polling) return;
    let more = false;
    try {
      const response = await fetchFn(
        url(fillPath(ApiRoutes.taskLogs, { id: taskId }), options.lastLogId()),
        { headers: headers('application/json'), cache: 'no-store' },
      );
      if (response.ok) {
        const page: unknown = await response.json();
        if (isLogsPage(page) && !stopped && polling) {
          options.onLogs(page);
          more = page.hasMoreAfter && page.logs.length > 0;
        }
      } else if (FINAL_STATUSES.has(response.status)) {
        stop();
        return;
      }
    } catch {
      // Offline: the next poll tries again.
    }
    if (stopped || !polling) return;
    pollTimer = setTimeout(() => void poll(), more ? 0 : timing.pollIntervalMs);
  }

  function startPolling() {
    if (polling || stopped) return;
    polling = true;
    setConnection('polling');
    void poll();
  }

  function stopPolling() {
    polling = false;
    clearTimeout(pollTimer);
  }

  function reconnectLater() {
    if (stopped) return;
    startPolling();
    clearTimeout(retryTimer);
    // A little jitter, so that many clients do not come back at the same instant.
    const delay = retryDelay * (0.8 + Math.random() * 0.4);
    retryDelay = Math.min(retryDelay * 2, timing.retryMaxMs);
    retryTimer = setTimeout(() => void connect(), delay);
  }

  async function connect() {
    if (stopped) return;
    if (connection === null) setConnection('connecting');
    controller = new AbortController();
    const { signal } = controller;
    const last = options.lastLogId();
    const requestHeaders = headers('text/event-stream');
    if (last) requestHeaders.set('Last-Event-ID', last);

    let response: Response;
    try {
      response = await fetchFn(url(fillPath(ApiRoutes.taskEvents, { id: taskId }), last), {
        headers: requestHeaders,
        signal,
        cache: 'no-store',
      });
    } catch {
      reconnectLater();
      return;
    }
    if (stopped) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (FINAL_STATUSES.has(response.status)) {
      void response.body?.cancel().catch(() => undefined);
      stop();
      return;
    }
    if (!response.ok || !response.body || !isEventStream(response)) {
      void response.body?.cancel().catch(() => undefined);
      reconnectLater();
      return;
    }

    stopPolling();
    setConnection('live');
    const parser = createParser({ onEvent: handle, onComment: bumpIdle });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    bumpIdle();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        bumpIdle();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Aborted (idle, or stopped) or the connection dropped: reconnect below.
    } finally {
      clearIdle();
      void reader.cancel().catch(() => undefined);
    }
    reconnectLater();
  }

  function stop() {
    if (stopped) return;
    stopped = true;
    controller?.abort();
    clearTimeout(retryTimer);
    clearIdle();
    stopPolling();
    setConnection('closed');
  }

  void connect();
  return stop;
}

// The server's own answers are trusted as the contract types them (as every RTK Query endpoint
// does); these checks only keep a malformed event from breaking the feed. Full zod schemas here
// would put the whole task-log schema, and the zod features it needs, into the first page's
// shared zod chunk.
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isStreamEvent(value: unknown): value is TaskStreamEvent {
  if (!isObject(value)) return false;
  switch (value['type']) {
    case 'log':
      return isObject(value['log']) && typeof value['log']['id'] === 'string';
    case 'delta':
      return typeof value['draftId'] === 'string' && typeof value['text'] === 'string';
    case 'task':
      return isObject(value['task']) && typeof value['task']['id'] === 'string';
    default:
      return false;
  }
}

function isLogsPage(value: unknown): value is TaskLogsResponse {
  return (
    isObject(value) && Array.isArray(value['logs']) && typeof value['hasMoreAfter'] === 'boolean'
  );
}
