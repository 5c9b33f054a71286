import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type {
  AuthTokenResponse,
  CreateProjectResponse,
  ProjectFilesResponse,
  Task,
  TaskLog,
  TaskLogsResponse,
  TaskVersionsResponse,
} from '@mason/contract';
import {
  SCRIPTED_MODEL_ID,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '@mason/server-agent/testing';
import { createDatabase, taskTurns } from '@mason/server-db';
import { createTestDatabaseTarget, testDatabaseUrl } from '@mason/server-db/testing';
import { apiOf, startMason, type MasonProcess } from './mason-process';
import { withFirstTask } from './support';

// Crash recovery: a real Mason process is killed with SIGKILL while a turn of the assistant is
// under way (the turn has written a file through a tool call and waits for the model). After a
// restart, or on another process, the turn runs again: the log stays one gapless sequence and
// the files are exactly the version before the turn or the one after it, never half.

test.describe.configure({ mode: 'serial', timeout: 360_000 });

let model: ScriptedModelServer;
test.beforeAll(async () => {
  model = await startScriptedModelServer();
});
test.afterAll(async () => {
  await model?.close();
});

const FILE = 'src/components/Greeting.tsx';
const SOURCE = 'export function Greeting() {\n  return <p>Hello</p>;\n}\n';

/** The turn writes a file, then the model takes a minute to answer: long enough to be killed. */
function scriptSlowTurn(key: string) {
  model.enqueueFor(
    key,
    { toolCalls: [{ name: 'write_file', input: { path: FILE, content: SOURCE } }] },
    { text: 'Still thinking…', delayMs: 60_000 },
  );
}

/** The run after the crash: write the file again and finish. */
function scriptRerun(key: string) {
  model.enqueueFor(
    key,
    { toolCalls: [{ name: 'write_file', input: { path: FILE, content: SOURCE } }] },
    { text: 'Added a greeting.' },
  );
}

async function signUpAndCreate(api: ReturnType<typeof apiOf>, key: string) {
  const signup = await api.call<AuthTokenResponse>('POST', '/users', {
    firstName: 'Ada',
    lastName: 'Crash',
    email: `crash.${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery 9',
  });
  expect(signup.status).toBe(201);
  api.useToken(signup.body.token);
  const created = await api.call<CreateProjectResponse>('POST', '/projects', {
    description: `A greeting page (${key})`,
  });
  expect(created.status).toBe(201);
  return withFirstTask(created.body);
}

async function logsOf(api: ReturnType<typeof apiOf>, taskId: string): Promise<TaskLog[]> {
  const response = await api.call<TaskLogsResponse>('GET', `/tasks/${taskId}/logs?limit=200`);
  expect(response.status).toBe(200);
  return response.body.logs;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 90_000,
  lastSeen: () => Promise<string> = async () => '',
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}. ${await lastSeen()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The file was written in the turn's working tree, and the model is answering slowly. */
async function waitForMidTurn(api: ReturnType<typeof apiOf>, taskId: string, key: string) {
  await until('the write_file result', async () =>
    (await logsOf(api, taskId)).some(
      (log) => log.type === 'TOOL_RESULT' && log.payload.toolName === 'write_file',
    ),
  );
  await until(
    'the slow model request',
    async () =>
      model.requests.filter((request) => JSON.stringify(request.body).includes(key)).length >= 2,
  );
}

async function expectRecovered(
  api: ReturnType<typeof apiOf>,
  taskId: string,
  projectId: string,
  mason: MasonProcess,
) {
  // A task that stops anywhere but COMPLETED fails at once, with what the person and the server saw.
  const describe = async (task: Task) =>
    [
      `state ${task.state}, pause ${task.pauseReason ?? 'none'}`,
      ...(await logsOf(api, taskId)).map(
        (log) => `${log.id} ${log.type}: ${log.content.slice(0, 200)}`,
      ),
      `server stderr: ${mason.stderr().slice(-2000)}`,
    ].join('\n');
  let last: Task | undefined;
  await until(
    'the task to complete',
    async () => {
      last = (await api.call<Task>('GET', `/tasks/${taskId}`)).body;
      if (last.state === 'FAILED' || last.pauseReason !== null) {
        throw new Error(`The task did not recover:\n${await describe(last)}`);
      }
      return last.state === 'COMPLETED' ? last : undefined;
    },
    60_000,
    async () => (last ? describe(last) : 'no answer yet'),
  );
  const logs = await logsOf(api, taskId);
  // One gapless sequence, no duplicates.
  expect(logs.map((log) => log.id)).toEqual(logs.map((_, index) => String(index + 1)));
  const restarted = logs.find((log) => log.type === 'ERROR');
  expect(restarted?.content).toMatch(/restarted while the assistant was working/i);
  expect(restarted?.content).toMatch(/version 0/);
  // The work of the killed attempt made no version; the rerun made exactly one.
  const versions = await api.call<TaskVersionsResponse>('GET', `/tasks/${taskId}/versions`);
  expect(versions.body.versions.map((version) => version.index)).toEqual([1]);
  const files = await api.call<ProjectFilesResponse>(
    'GET',
    `/projects/${projectId}/files?filePath=${FILE}`,
  );
  expect(files.body.files[0].content).toBe(SOURCE);
}

test('embedded database: a server killed mid-turn finishes the turn after a restart', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-crash-'));
  const env = {
    DATA_DIR: dataDir,
    LLM_BASE_URL: model.openaiBaseUrl,
    LLM_MODEL: SCRIPTED_MODEL_ID,
    LLM_API_KEY: 'scripted',
    TURN_LEASE_SECONDS: '2',
  };
  const key = `crash-${randomUUID().slice(0, 8)}`;
  let mason: MasonProcess | null = await startMason(4331, env);
  try {
    const api = apiOf(mason.baseUrl);
    scriptSlowTurn(key);
    const { project, firstTask } = await signUpAndCreate(api, key);
    await waitForMidTurn(api, firstTask.id, key);

    await mason.kill9();
    mason = null;

    // While it is down, the stored files are the version before the turn: nothing half-written.
    const database = await createDatabase({ dataDir });
    try {
      const store = await database.db.query.versions.findMany({
        where: (versions, { eq }) => eq(versions.projectId, project.id),
      });
      expect(store.map((version) => version.index)).toEqual([0]);
      expect(Object.keys(store[0].manifest)).not.toContain(FILE);
      const turns = await database.db.select().from(taskTurns);
      expect(turns.map((turn) => turn.status)).toEqual(['RUNNING']);
    } finally {
      await database.close();
    }

    scriptRerun(key);
    mason = await startMason(4331, env);
    // The same session works after the restart.
    const restartedApi = apiOf(mason.baseUrl);
    restartedApi.useToken(api.token() ?? '');
    await expectRecovered(restartedApi, firstTask.id, project.id, mason);
  } finally {
    await mason?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// The PostgreSQL pass runs where TEST_DATABASE_URL names a server (CI always does).
if (testDatabaseUrl()) {
  test('PostgreSQL: when the process running a turn is killed, the other process finishes it', async () => {
    const target = await createTestDatabaseTarget();
    const databaseUrl = target.options.databaseUrl ?? '';
    const env = {
      DATABASE_URL: databaseUrl,
      LLM_BASE_URL: model.openaiBaseUrl,
      LLM_MODEL: SCRIPTED_MODEL_ID,
      LLM_API_KEY: 'scripted',
      TURN_LEASE_SECONDS: '2',
    };
    const key = `crash-${randomUUID().slice(0, 8)}`;
    const processes: MasonProcess[] = [];
    try {
      processes.push(await startMason(4332, env), await startMason(4333, env));
      const [first] = processes;
      const api = apiOf(first.baseUrl);
      scriptSlowTurn(key);
      const { project, firstTask } = await signUpAndCreate(api, key);
      await waitForMidTurn(api, firstTask.id, key);

      // Kill whichever process runs the turn; its worker id starts with "host:pid:".
      const database = await createDatabase({ databaseUrl, poolSize: 1 });
      let runner: MasonProcess | undefined;
      try {
        const [turn] = await database.db.select().from(taskTurns);
        runner = processes.find((candidate) => turn.workerId?.includes(`:${candidate.pid}:`));
      } finally {
        await database.close();
      }
      const survivor = processes.find((candidate) => candidate !== runner);
      if (!runner || !survivor) throw new Error('No process holds the turn.');
      scriptRerun(key);
      await runner.kill9();

      const survivorApi = apiOf(survivor.baseUrl);
      survivorApi.useToken(api.token() ?? '');
      await expectRecovered(survivorApi, firstTask.id, project.id, survivor);
    } finally {
      await Promise.all(processes.map((mason) => mason.stop()));
      await target.dispose();
    }
  });
}
