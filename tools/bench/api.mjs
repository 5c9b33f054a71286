// A small JSON client of Mason's API for the bench's setup (sign-up, projects, tasks).
import { randomUUID } from 'node:crypto';

export function masonApi(origin) {
  let token = null;
  async function call(method, url, body) {
    const response = await fetch(`${origin}/api${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      throw new Error(
        `${method} /api${url} answered ${response.status}: ${parsed?.message ?? text.slice(0, 200)}`,
      );
    }
    return parsed;
  }
  return {
    call,
    token: () => token,
    useToken(value) {
      token = value;
    },
    /** Signs a new person up and keeps their token. */
    async signUp() {
      const id = randomUUID().slice(0, 8);
      const person = {
        firstName: 'Bench',
        lastName: `Runner ${id}`,
        email: `bench.${id}@example.com`,
        password: `bench password ${id}9`,
      };
      const { token: value } = await call('POST', '/users', person);
      token = value;
      return { ...person, token: value };
    },
    /** Creates a project (its first task starts at once) and answers { project, firstTask }. */
    createProject(description) {
      return call('POST', '/projects', { description });
    },
    /** Waits until the task has left PENDING / IN_PROGRESS; fails on FAILED or a pause. */
    async waitForTaskDone(taskId, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const task = await call('GET', `/tasks/${taskId}`);
        if (task.state === 'FAILED') throw new Error(`Task ${taskId} failed; see its log.`);
        if (task.pauseReason) throw new Error(`Task ${taskId} stopped for ${task.pauseReason}.`);
        if (task.state === 'COMPLETED') return task;
        if (Date.now() > deadline)
          throw new Error(`Task ${taskId} was still ${task.state} after ${timeoutMs / 1000} s.`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
