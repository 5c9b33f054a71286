import {
  ApiRoutes,
  TaskStreamEventSchema,
  type Task,
  type TaskLog,
  type TaskStreamEvent,
} from '@mason/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { apiUrl } from './api-url';

/** One server-sent event of GET /tasks/:id/events, as the server writes it. */
export function serializeTaskEvent(event: TaskStreamEvent): string {
  const parsed = TaskStreamEventSchema.parse(event);
  const id = parsed.type === 'log' ? `id: ${parsed.log.id}\n` : '';
  return `event: ${parsed.type}\n${id}data: ${JSON.stringify(parsed)}\n\n`;
}

/** A step of a scripted stream: an event (or a keep-alive comment) after a pause. */
export interface TaskEventStep {
  readonly event: TaskStreamEvent | 'keepalive';
  /** Milliseconds to wait before sending it (default 0). */
  readonly delayMs?: number;
}

export interface TaskEventsHandlerOptions {
  readonly baseUrl?: string;
  /** Play the script again from the start once it ends (stories of a message being written). */
  readonly loop?: boolean;
  /** Pause between two rounds of a looping script (default 1500 ms). */
  readonly loopPauseMs?: number;
}

const encoder = new TextEncoder();
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const eventStream = (body: ReadableStream<Uint8Array>) =>
  new HttpResponse(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    },
  });

/**
 * GET /tasks/:id/events answering a scripted stream on every connection, then staying open
 * (as the server does between turns) until the client goes away. Without steps it is a quiet
 * stream: the default of `createApiHandlers`.
 */
export function taskEventsHandler(
  steps: readonly TaskEventStep[] = [],
  { baseUrl, loop = false, loopPauseMs = 1500 }: TaskEventsHandlerOptions = {},
): HttpHandler {
  return http.get(apiUrl(ApiRoutes.taskEvents, baseUrl), ({ request }) => {
    const stop = new AbortController();
    request.signal.addEventListener('abort', () => stop.abort());
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (text: string) => {
          if (!stop.signal.aborted) controller.enqueue(encoder.encode(text));
        };
        do {
          for (const step of steps) {
            await sleep(step.delayMs ?? 0, stop.signal);
            if (stop.signal.aborted) break;
            send(step.event === 'keepalive' ? ': keepalive\n\n' : serializeTaskEvent(step.event));
          }
          if (loop && steps.length > 0) await sleep(loopPauseMs, stop.signal);
        } while (loop && steps.length > 0 && !stop.signal.aborted);
      },
      cancel() {
        stop.abort();
      },
    });
    return eventStream(body);
  });
}

/** A stream a test drives by hand: it sends events to every open connection when told to. */
export interface TaskEventStreamFake {
  /** The MSW handler of GET /tasks/:id/events (pass it to `server.use`). */
  readonly handler: HttpHandler;
  /** Every request that opened the stream, in order (read their Last-Event-ID and afterLogId). */
  readonly requests: Request[];
  /** How many connections are open now. */
  openConnections(): number;
  /** Resolves once at least one connection is open. */
  connected(): Promise<void>;
  send(event: TaskStreamEvent): void;
  log(log: TaskLog): void;
  delta(draftId: string, text: string): void;
  task(task: Task): void;
  keepalive(): void;
  /** Ends every open stream, as a server restart would (the client reconnects). */
  end(): void;
}

/** A task event stream under the test's control: `stream.delta('d1', 'Hello')`, `stream.end()`. */
export function createTaskEventStream({
  baseUrl,
}: Pick<TaskEventsHandlerOptions, 'baseUrl'> = {}): TaskEventStreamFake {
  const connections = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const requests: Request[] = [];
  let waiting: Array<() => void> = [];

  const broadcast = (text: string) => {
    for (const connection of connections) connection.enqueue(encoder.encode(text));
  };

  const handler = http.get(apiUrl(ApiRoutes.taskEvents, baseUrl), ({ request }) => {
    requests.push(request);
    let own: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        connections.add(controller);
        const resolved = waiting;
        waiting = [];
        for (const resolve of resolved) resolve();
      },
      cancel() {
        if (own) connections.delete(own);
      },
    });
    request.signal.addEventListener('abort', () => {
      if (own) connections.delete(own);
    });
    return eventStream(body);
  });

  return {
    handler,
    requests,
    openConnections: () => connections.size,
    connected: () =>
      connections.size > 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)),
    send: (event) => broadcast(serializeTaskEvent(event)),
    log: (log) => broadcast(serializeTaskEvent({ type: 'log', log })),
    delta: (draftId, text) => broadcast(serializeTaskEvent({ type: 'delta', draftId, text })),
    task: (task) => broadcast(serializeTaskEvent({ type: 'task', task })),
    keepalive: () => broadcast(': keepalive\n\n'),
    end: () => {
      for (const connection of connections) connection.close();
      connections.clear();
    },
  };
}
