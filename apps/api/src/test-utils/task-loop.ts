import type {
  CreateProjectResponse,
  Task,
  TaskLog,
  TaskLogsResponse,
  TaskState,
} from '@mason/contract';
import type { AgentConfig } from '@mason/server-agent';
import type { ScriptedModelServer } from '@mason/server-agent/testing';
import type { TestServer } from './test-app';

/** The agent configuration that sends every model to the scripted server (Anthropic wire format). */
export function scriptedAgent(model: ScriptedModelServer, format: 'anthropic' | 'openai' = 'anthropic'): AgentConfig {
  return format === 'anthropic'
    ? { anthropic: { apiKey: 'test-key', baseUrl: model.anthropicBaseUrl } }
    : { compatible: { baseUrl: model.openaiBaseUrl, apiKey: 'test-key', model: 'scripted' } };
}

export async function createProject(server: TestServer, token: string, description = 'A counter app') {
  const response = await server.request<CreateProjectResponse>('POST', '/api/projects', {
    token,
    body: { description },
  });
  if (response.status !== 201) {
    throw new Error(`create project failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body;
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
  timeoutMs = 20_000,
): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await getTask(server, token, taskId);
    if (done(task)) return task;
    if (Date.now() > deadline) throw new Error(`task still ${task.state}/${task.pauseReason} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every log entry of the task, oldest first. */
export async function allLogs(server: TestServer, token: string, taskId: string): Promise<TaskLog[]> {
  const logs: TaskLog[] = [];
  let after = '0';
  for (;;) {
    const page = await server.request<TaskLogsResponse>(
      'GET',
      `/api/tasks/${taskId}/logs?afterLogId=${after}&limit=200`,
      { token },
    );
    logs.push(...page.body.logs);
    if (!page.body.hasMoreAfter) return logs;
    after = page.body.logs.at(-1)!.id;
  }
}
