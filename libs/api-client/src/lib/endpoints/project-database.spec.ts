import { waitFor } from '@testing-library/react';
import { DATABASE_ENV_KEYS } from '@mason/contract';
import { setupApiServer } from '../../test-utils/msw';
import { anEnvVariable, errorHandler, makeApiTestStore, mockEndpoint } from '../../testing';
import { aProjectDatabase } from '../../testing/fixtures';
import { api } from '../mason-api';

const server = setupApiServer();

const PROJECT = { projectId: 'project-1' };

/** Counts the reads the database section and the environment variables keep open. */
function countReads() {
  const counts = { database: 0, env: 0 };
  server.use(
    mockEndpoint('getProjectDatabase', () => {
      counts.database += 1;
      return { database: null };
    }),
    mockEndpoint('getEnvVariables', () => {
      counts.env += 1;
      return { variables: [anEnvVariable()] };
    }),
  );
  return counts;
}

async function sectionStore() {
  const harness = makeApiTestStore({ token: 'token', pathname: '/projects/project-1' });
  await Promise.all([
    harness.store.dispatch(api.endpoints.getProjectDatabase.initiate(PROJECT)),
    harness.store.dispatch(api.endpoints.getEnvVariables.initiate('project-1')),
  ]);
  return harness;
}

const cachedDatabase = (store: Awaited<ReturnType<typeof sectionStore>>['store']) =>
  api.endpoints.getProjectDatabase.select(PROJECT)(store.getState()).data;

describe('the project database endpoints', () => {
  it('a project’s database is off until it is turned on (the default fakes)', async () => {
    const { store } = makeApiTestStore({ token: 'token' });

    const before = await store
      .dispatch(api.endpoints.getProjectDatabase.initiate(PROJECT))
      .unwrap();
    const enabled = await store
      .dispatch(api.endpoints.enableProjectDatabase.initiate(PROJECT))
      .unwrap();

    expect(before).toEqual({ database: null });
    expect(enabled.database).toMatchObject({ provider: 'MASON', envKeys: [...DATABASE_ENV_KEYS] });
  });

  it('turning it on posts no body, the section takes the answer at once, and the app’s variables are asked again', async () => {
    const counts = countReads();
    const sent: { method: string; body: string }[] = [];
    const database = aProjectDatabase();
    server.use(
      mockEndpoint('enableProjectDatabase', async ({ request }) => {
        sent.push({ method: request.method, body: await request.text() });
        return { database };
      }),
    );
    const { store, toasts } = await sectionStore();
    expect(counts).toEqual({ database: 1, env: 1 });

    await store.dispatch(api.endpoints.enableProjectDatabase.initiate(PROJECT)).unwrap();

    expect(sent).toEqual([{ method: 'POST', body: '' }]);
    expect(cachedDatabase(store)).toEqual({ database });
    await waitFor(() => expect(counts.env).toBe(2));
    // The answer is the database: it is not asked again (a stale GET would undo it).
    expect(counts.database).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('a refused turn-on changes nothing, and leaves the saying of why to the section', async () => {
    const counts = countReads();
    server.use(
      errorHandler('enableProjectDatabase', 503, {
        message: 'The database server cannot be reached. Try again in a minute.',
      }),
    );
    const { store, toasts } = await sectionStore();

    const result = await store.dispatch(api.endpoints.enableProjectDatabase.initiate(PROJECT));

    expect(result.error).toMatchObject({ status: 503 });
    expect(cachedDatabase(store)).toEqual({ database: null });
    const queries = Object.values(store.getState().api.queries);
    expect(queries.map((entry) => entry?.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(counts).toEqual({ database: 1, env: 1 });
    expect(toasts).toEqual([]);
  });

  it('attaching a database service asks for the project’s database again', async () => {
    const counts = countReads();
    const { store } = await sectionStore();

    await store
      .dispatch(
        api.endpoints.attachDatabase.initiate({
          ...PROJECT,
          provider: 'SUPABASE',
          projectUrl: 'https://abcdefghijklmnopqrst.supabase.co',
          anonKey: 'sb_publishable_key',
          databasePassword: 'pw',
        }),
      )
      .unwrap();

    await waitFor(() => expect(counts).toEqual({ database: 2, env: 2 }));
  });
});

describe('the Database view endpoints', () => {
  it('asks for a page of rows with only the parts given, parsed by the contract', async () => {
    const asked: string[] = [];
    server.use(
      mockEndpoint('getDatabaseRows', ({ request, query }) => {
        asked.push(new URL(request.url).search);
        return {
          columns: [{ name: 'id', type: 'bigint' }],
          rows: [{ id: 1 }],
          total: (query as { limit: number }).limit,
        };
      }),
    );
    const { store } = makeApiTestStore({ token: 'token' });

    const page = await store
      .dispatch(
        api.endpoints.getDatabaseRows.initiate({
          ...PROJECT,
          table: 'notes',
          order: 'body',
          direction: 'desc',
          filterColumn: 'body',
          filterValue: '',
          offset: 0,
          limit: 25,
        }),
      )
      .unwrap();

    expect(asked).toEqual(['?order=body&direction=desc&offset=0&limit=25']);
    expect(page.total).toBe(25);
  });

  it('an edit sends PATCH with the key and values, then reads the tables and rows again', async () => {
    const reads = { tables: 0, rows: 0 };
    const sent: { method: string; body: unknown }[] = [];
    server.use(
      mockEndpoint('getDatabaseTables', () => {
        reads.tables += 1;
        return { tables: [] };
      }),
      mockEndpoint('getDatabaseRows', () => {
        reads.rows += 1;
        return { columns: [], rows: [], total: 0 };
      }),
      mockEndpoint('updateDatabaseRow', async ({ request, body }) => {
        sent.push({ method: request.method, body });
        return { row: { id: 1, body: 'Buy oat milk' } };
      }),
    );
    const { store } = makeApiTestStore({ token: 'token' });
    await store.dispatch(api.endpoints.getDatabaseTables.initiate(PROJECT));
    await store.dispatch(api.endpoints.getDatabaseRows.initiate({ ...PROJECT, table: 'notes' }));

    const { row } = await store
      .dispatch(
        api.endpoints.updateDatabaseRow.initiate({
          ...PROJECT,
          table: 'notes',
          key: { id: 1 },
          values: { body: 'Buy oat milk' },
        }),
      )
      .unwrap();

    expect(row).toEqual({ id: 1, body: 'Buy oat milk' });
    expect(sent).toEqual([
      { method: 'PATCH', body: { key: { id: 1 }, values: { body: 'Buy oat milk' } } },
    ]);
    await waitFor(() => expect(reads).toEqual({ tables: 2, rows: 2 }));
  });

  it('a refused statement is a 400 that keeps PostgreSQL’s words for the SQL box, and no toast', async () => {
    server.use(
      errorHandler('runDatabaseSql', 400, {
        message: 'cannot execute INSERT in a read-only transaction',
      }),
    );
    const { store, toasts } = makeApiTestStore({ token: 'token' });

    const result = await store.dispatch(
      api.endpoints.runDatabaseSql.initiate({
        ...PROJECT,
        sql: 'insert into notes default values',
      }),
    );

    expect(result.error).toMatchObject({
      status: 400,
      serverMessage: 'cannot execute INSERT in a read-only transaction',
    });
    expect(toasts).toEqual([]);
  });
});
