import type {
  ApiErrorBody,
  Asset,
  CreateProjectResponse,
  LogType,
  ProjectStatusResponse,
  SendTaskMessageRequest,
  SendTaskMessageResponse,
  StaticFilesUploadResponse,
  Task,
  TaskLog,
  TaskLogOf,
  TaskLogsResponse,
  TaskState,
  TaskStreamEvent,
} from '@mason/contract';
import type { AgentConfig } from '@mason/server-agent';
import {
  SCRIPTED_MODEL_ID,
  type ScriptedModelRequest,
  type ScriptedModelServer,
} from '@mason/server-agent/testing';
import type { ApiResponse, TestServer } from './test-app';
import { eventually, pause, SERVER_WAIT_TIMEOUT_MS } from './waits';

/**
 * The agent configuration that sends models to the scripted server: the Claude models as
 * Anthropic's API (default), or the endpoint's own model (ENDPOINT, "scripted-test-model").
 */
export function scriptedAgent(
  model: ScriptedModelServer,
  format: 'anthropic' | 'openai' = 'anthropic',
): AgentConfig {
  return format === 'anthropic'
    ? { anthropic: { apiKey: 'test-key', baseUrl: model.anthropicBaseUrl } }
    : {
        compatible: { baseUrl: model.openaiBaseUrl, apiKey: 'test-key', model: SCRIPTED_MODEL_ID },
      };
}

export async function createProject(
  server: TestServer,
  token: string,
  description = 'A counter app',
) {
  const response = await server.request<CreateProjectResponse>('POST', '/api/projects', {
    token,
    body: { description },
  });
  if (response.status !== 201) {
    throw new Error(`create project failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return withFirstTask(response.body);
}

/** A described project's creation, whose first task is there (only imports may have none). */
export function withFirstTask({ project, firstTask }: CreateProjectResponse) {
  if (!firstTask) throw new Error(`project ${project.id} was described but has no first task`);
  return { project, firstTask };
}

export async function getTask(server: TestServer, token: string, taskId: string) {
  return (await server.request<Task>('GET', `/api/tasks/${taskId}`, { token })).body;
}

/** Polls the task until `done` holds (default: the turn ended), up to `timeoutMs`. */
export async function waitForTask(
  server: TestServer,
  token: string,
  taskId: string,
  done: (task: Task) => boolean = (task) =>
    (['COMPLETED', 'FAILED'] as TaskState[]).includes(task.state) || task.pauseReason !== null,
  timeoutMs = SERVER_WAIT_TIMEOUT_MS,
): Promise<Task> {
  let last: Task | undefined;
  try {
    return await eventually(
      'the task',
      async () => {
        last = await getTask(server, token, taskId);
        return done(last) ? last : undefined;
      },
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message} It is still ${last?.state}/${last?.pauseReason}.`);
  }
}

/** Every log entry of the task, oldest first. */
export async function allLogs(
  server: TestServer,
  token: string,
  taskId: string,
): Promise<TaskLog[]> {
  const logs: TaskLog[] = [];
  let after = '0';
  for (;;) {
    const page = await server.request<TaskLogsResponse>(
      'GET',
      `/api/tasks/${taskId}/logs?afterLogId=${after}&limit=200`,
      { token },
    );
    logs.push(...page.body.logs);
    const last = page.body.logs.at(-1);
    if (!page.body.hasMoreAfter || !last) return logs;
    after = last.id;
  }
}

// ---- More helpers for the server tests of the task loop ----

/** The last item (the test fails when there is none). */
export function lastOf<T>(items: readonly T[]): T {
  if (items.length === 0) throw new Error('Expected at least one item.');
  return items[items.length - 1];
}

// `eventually` and `pause` live in waits.ts with the one wait bound; the task-loop specs import
// them from here.
export { eventually, pause };

/** Waits until no turn of the project is queued or running (GET /projects/:id/status). */
export async function waitForIdle(
  server: TestServer,
  token: string,
  projectId: string,
  timeoutMs = SERVER_WAIT_TIMEOUT_MS,
) {
  return eventually(
    'the project to have no running turn',
    async () => {
      const status = await server.request<ProjectStatusResponse>(
        'GET',
        `/api/projects/${projectId}/status`,
        { token },
      );
      if (status.status !== 200) throw new Error(`status: ${status.status}`);
      return status.body.activeTaskId === null ? status.body : undefined;
    },
    timeoutMs,
  );
}

/** Waits until the task's log holds an entry that matches, and returns it. */
export async function waitForLog(
  server: TestServer,
  token: string,
  taskId: string,
  matches: (log: TaskLog) => boolean,
  timeoutMs = SERVER_WAIT_TIMEOUT_MS,
): Promise<TaskLog> {
  return eventually(
    'a log entry',
    async () => (await allLogs(server, token, taskId)).find(matches),
    timeoutMs,
  );
}

/** The entries of one type, typed. */
export function logsOf<Type extends LogType>(
  logs: readonly TaskLog[],
  type: Type,
): TaskLogOf<Type>[] {
  return logs.filter((log): log is TaskLogOf<Type> => log.type === type);
}

/**
 * A project whose first turn has ended with a short answer (no file changes), so tests start
 * from a COMPLETED task over the starter app's version 0.
 */
export async function readyProject(
  server: TestServer,
  model: ScriptedModelServer,
  token: string,
  description = 'A counter app',
) {
  model.enqueue({ text: 'Ready when you are.' });
  const { project, firstTask } = await createProject(server, token, description);
  const task = await waitForTask(server, token, firstTask.id);
  if (task.state !== 'COMPLETED') {
    // Why, in the task's own words (an ERROR entry names its code).
    const errors = logsOf(await allLogs(server, token, task.id), 'ERROR');
    const why = errors.map((log) => `${JSON.stringify(log.payload)}: ${log.content}`).join('; ');
    throw new Error(
      `the first turn ended ${task.state}/${task.pauseReason}: ${why || 'no error entry'}`,
    );
  }
  return { project, task };
}

/** POST /tasks/:id/logs. */
export function sendMessage(
  server: TestServer,
  token: string,
  taskId: string,
  body: Partial<SendTaskMessageRequest> & { content: string },
) {
  return server.request<SendTaskMessageResponse & ApiErrorBody>(
    'POST',
    `/api/tasks/${taskId}/logs`,
    { token, body },
  );
}

/** Everything the model was sent in one request, as text (system prompt, messages, tools). */
export function requestText(request: ScriptedModelRequest | undefined): string {
  return JSON.stringify(request?.body ?? null);
}

export interface UploadFile {
  name: string;
  content: string | Uint8Array<ArrayBuffer>;
  type?: string;
}

/** POSTs `files` under `field` as multipart/form-data to `path`, and answers the JSON reply. */
async function postFiles<Body>(
  server: Pick<TestServer, 'baseUrl'>,
  token: string | undefined,
  path: string,
  field: string,
  files: readonly UploadFile[],
  defaultType: string,
): Promise<ApiResponse<Body>> {
  const form = new FormData();
  for (const file of files) {
    const bytes =
      typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    form.append(field, new Blob([bytes], { type: file.type ?? defaultType }), file.name);
  }
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Body,
  };
}

/** POST /projects/:id/assets as multipart/form-data (field "file" unless another is given). */
export function uploadAsset(
  server: Pick<TestServer, 'baseUrl'>,
  token: string | undefined,
  projectId: string,
  file: UploadFile,
  field = 'file',
): Promise<ApiResponse<Asset & ApiErrorBody>> {
  return postFiles(
    server,
    token,
    `/api/projects/${projectId}/assets`,
    field,
    [file],
    'application/octet-stream',
  );
}

/** POST /projects/:id/static-files as multipart/form-data (field "files" unless another is given). */
export function uploadStaticFiles(
  server: TestServer,
  token: string | undefined,
  projectId: string,
  files: readonly UploadFile[],
  field = 'files',
): Promise<ApiResponse<StaticFilesUploadResponse & ApiErrorBody>> {
  return postFiles(
    server,
    token,
    `/api/projects/${projectId}/static-files`,
    field,
    files,
    'text/plain',
  );
}

/** One server-sent event as the stream carried it (data parsed as JSON). */
export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: TaskStreamEvent;
}

/** What a stream received, in a line a failed wait can print: "3 events: task IN_PROGRESS, log STATUS Working, ...". */
function describeEvents(events: readonly ReceivedEvent[]): string {
  const names = events.map(({ data }) => {
    if (data.type === 'log') return `log ${data.log.type} ${data.log.content.slice(0, 40)}`;
    if (data.type === 'task') return `task ${data.task.state}/${data.task.pauseReason ?? '-'}`;
    return data.type;
  });
  return `${events.length} events: ${names.join(', ')}`;
}

export interface TaskEventStream {
  status: number;
  headers: Headers;
  /** The JSON error body when the server refused the stream. */
  error: ApiErrorBody | null;
  /** Every event received so far, in order. */
  readonly events: ReceivedEvent[];
  /** Resolves with the first event (past or future) that matches. */
  waitFor(matches: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/**
 * GET /api/tasks/:id/events with fetch, parsed as server-sent events. Resolves once the
 * response head has arrived; the events arrive in `events` as the server sends them.
 */
export async function openTaskEvents(
  baseUrl: string,
  taskId: string,
  options: { token?: string; lastEventId?: string; afterLogId?: string } = {},
): Promise<TaskEventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const query =
    options.afterLogId === undefined ? '' : `?afterLogId=${encodeURIComponent(options.afterLogId)}`;
  const response = await fetch(`${baseUrl}/api/tasks/${taskId}/events${query}`, {
    headers,
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      error: text ? (JSON.parse(text) as ApiErrorBody) : null,
      events,
      waitFor: () => Promise.reject(new Error(`The stream was refused (${response.status}).`)),
      ended: Promise.resolve(),
      close: () => controller.abort(),
    };
  }

  const parseFrame = (frame: string) => {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    events.push({ id, event, data: JSON.parse(data.join('\n')) as TaskStreamEvent });
    notify();
  };

  const ended = (async () => {
    if (!response.body) throw new Error('The event stream has no body.');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      notify();
    }
  })();
  let finished = false;
  void ended.finally(() => {
    finished = true;
    notify();
  });

  return {
    status: response.status,
    headers: response.headers,
    error: null,
    events,
    ended,
    close: () => controller.abort(),
    waitFor(matches, timeoutMs = SERVER_WAIT_TIMEOUT_MS) {
      return new Promise<ReceivedEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (found) {
            done();
            resolve(found);
          } else if (finished) {
            done();
            reject(
              new Error(
                `The stream ended without the awaited event (got ${describeEvents(events)}).`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`No matching event within ${timeoutMs} ms (got ${describeEvents(events)}).`),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
