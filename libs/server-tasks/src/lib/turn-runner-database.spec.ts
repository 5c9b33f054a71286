import { createModelRegistry } from '@mason/server-agent';
import {
  SCRIPTED_MODEL_ID,
  createMemoryAgentDatabase,
  startScriptedModelServer,
  type MemoryAgentDatabase,
  type ScriptedModelServer,
} from '@mason/server-agent/testing';
import { pricingFromEnv } from '@mason/server-billing';
import { projects, taskLogs, tasks, users, type TaskRow } from '@mason/server-db';
import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import { createProjectFromTemplate, VersionStore } from '@mason/server-workspace';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TasksConfig } from './tasks-context';
import { createTaskLoop, type TaskLoop } from './task-loop';

const silent = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child() {
    return this;
  },
} as unknown as FastifyBaseLogger;

const NOTES = `create table notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users(id),
  body text not null
);
alter table notes enable row level security;
create policy "Own notes" on notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
`;

describe('a turn of the task loop with the project’s database (useAppDatabase)', () => {
  let database: TestDatabase;
  let model: ScriptedModelServer;
  let loop: TaskLoop;
  const appDatabases = new Map<string, MemoryAgentDatabase>();

  beforeAll(async () => {
    database = await createTestDatabase();
    model = await startScriptedModelServer();
    const config: TasksConfig = {
      agent: {},
      turnLimits: { maxSteps: 20, maxRepairs: 3, approvalSteps: 15, approvalTokens: 1_000_000 },
      billing: { pricing: pricingFromEnv({}) },
      worker: true,
      workerConcurrency: 1,
      turnLeaseSeconds: 30,
      projectMaxBytes: 50_000_000,
    };
    const registry = createModelRegistry({
      compatible: { baseUrl: model.openaiBaseUrl, apiKey: 'test-key', model: SCRIPTED_MODEL_ID },
    });
    loop = await createTaskLoop(
      config,
      database,
      silent,
      { url: () => 'http://preview.test/', recentErrors: async () => [] },
      { registry },
    );
    loop.useAppDatabase((projectId) => {
      const found = appDatabases.get(projectId);
      if (!found) throw new Error(`No app database for ${projectId}`);
      return found;
    });
    await loop.start();
  }, 60_000);
  afterAll(async () => {
    await loop?.close();
    await model?.close();
    await database?.close();
  });

  async function waitForTurn(taskId: string): Promise<TaskRow> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await database.db.select().from(tasks).where(eq(tasks.id, taskId));
      if (row && (['COMPLETED', 'FAILED'].includes(row.state) || row.pauseReason)) return row;
      if (Date.now() > deadline) throw new Error(`The task is still ${row?.state}.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('gives the turn the project’s database: the assistant turns it on, applies its migration, and the version keeps the file', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' })
      .returning();
    const [project] = await database.db
      .insert(projects)
      .values({
        userId: user.id,
        name: 'Notes',
        description: 'A notes app',
        type: 'INTERNAL',
        status: 'ACTIVE',
      })
      .returning();
    await createProjectFromTemplate(database.db, project.id, { summary: 'Started' });
    const appDatabase = createMemoryAgentDatabase();
    appDatabases.set(project.id, appDatabase);
    model.enqueue(
      {
        text: 'I am turning on the database for the notes.',
        toolCalls: [{ name: 'enable_database', input: {} }],
      },
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'db/migrations/001_notes.sql', content: NOTES } },
          { name: 'apply_migrations', input: {} },
        ],
      },
      { text: 'I turned on the database and added a notes table.' },
    );

    const task = await loop.service.startTask(project.id, user.id, {
      projectId: project.id,
      description: 'A notes app where each person sees only their notes',
      model: 'ENDPOINT',
    });
    const ended = await waitForTurn(task.id);

    expect(ended.state).toBe('COMPLETED');
    expect(appDatabase.on).toBe(true);
    expect([...appDatabase.applied]).toEqual([['001_notes.sql', NOTES]]);
    const logs = await database.db
      .select()
      .from(taskLogs)
      .where(eq(taskLogs.taskId, task.id))
      .orderBy(asc(taskLogs.seq));
    const calls = logs.filter((log) => log.type === 'TOOL_CALL').map((log) => log.content);
    expect(calls).toEqual(
      expect.arrayContaining([
        'Turning on the database',
        'Writing db/migrations/001_notes.sql',
        'Applying the database migrations',
      ]),
    );
    const applied = logs.find(
      (log) => log.type === 'TOOL_RESULT' && log.content.startsWith('Applied '),
    );
    expect(applied?.content).toMatch(/^Applied db\/migrations\/001_notes\.sql to the development/);
    const version = await new VersionStore(database.db).latestVersion(database.db, project.id);
    expect(Object.keys(version?.manifest ?? {})).toContain('db/migrations/001_notes.sql');
  }, 90_000);
});
