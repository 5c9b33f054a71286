import { createMemoryAgentDatabase } from '../testing/memory-database';
import { createMemoryAgentFiles } from '../testing/memory-files';
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../testing/scripted-model-server';
import { WIRES, requestText, runTurn } from '../test-utils/turn-harness';
import type { AgentMigration } from './agent-database';
import type { AgentEvent } from './types';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Fails a migration at the first line that misspells "table", as PostgreSQL would. */
function typoRun(migration: AgentMigration) {
  const lines = migration.sql.split('\n');
  const at = lines.findIndex((line) => line.includes('tabel'));
  return at === -1 ? null : { line: at + 1, message: 'syntax error at or near "tabel"' };
}

const BROKEN_NOTES = `-- Each person's notes.
create tabel notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users(id),
  body text not null
);
alter table notes enable row level security;
create policy "Own notes" on notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
`;
const NOTES = BROKEN_NOTES.replace('create tabel', 'create table');
const FIX = {
  name: 'edit_file',
  input: {
    path: 'db/migrations/001_notes.sql',
    old_string: 'create tabel notes (',
    new_string: 'create table notes (',
  },
};
const SUPABASE_CLIENT = `import { createClient } from '@supabase/supabase-js';

export const supabase = createClient(
  import.meta.env.VITE_SUPABASE_URL,
  import.meta.env.VITE_SUPABASE_ANON_KEY,
);
`;

describe.each(WIRES)('a turn with the project’s database over $name', (wire) => {
  it('turns the database on, writes a migration, applies it, repairs the error it gets, and applies it again', async () => {
    const database = createMemoryAgentDatabase({ run: typoRun });
    const files = createMemoryAgentFiles({ 'src/App.tsx': 'export const App = () => null;\n' });
    server.enqueue(
      {
        text: 'Notes need to be stored, so I am turning on the database.',
        toolCalls: [{ name: 'enable_database', input: {} }],
      },
      { toolCalls: [{ name: 'read_database_schema', input: {} }] },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'db/migrations/001_notes.sql', content: BROKEN_NOTES },
          },
          { name: 'apply_migrations', input: {} },
        ],
      },
      { text: 'A typo; fixing it.', toolCalls: [FIX, { name: 'apply_migrations', input: {} }] },
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'src/lib/supabase.ts', content: SUPABASE_CLIENT } },
          { name: 'check_project', input: {} },
        ],
      },
      { text: 'I turned on the database and added a notes table that only its owner can read.' },
    );

    const { outcome, events } = await runTurn(server, wire, {
      files,
      prompt: 'A notes app where each person sees only their notes.',
      database,
    });

    expect(outcome).toEqual({ kind: 'completed' });
    expect(database.on).toBe(true);
    expect([...database.applied]).toEqual([['001_notes.sql', NOTES]]);
    // Two applies reached the database: the failing one (rolled back) and the repaired one.
    expect(database.migrateCalls).toEqual([['001_notes.sql'], ['001_notes.sql']]);

    // The model was taught the database, given its tools, and read each result.
    expect(requestText(server, 0)).toContain('## The database');
    expect(requestText(server, 0)).toContain('apply_migrations');
    expect(requestText(server, 1)).toContain('Tell the person in your answer');
    expect(requestText(server, 2)).toContain('The development database has no tables yet.');
    expect(requestText(server, 3)).toContain(
      'db/migrations/001_notes.sql:2: syntax error at or near \\"tabel\\"',
    );
    expect(requestText(server, 4)).toContain('Applied db/migrations/001_notes.sql');
    expect(server.requests).toHaveLength(6);

    const results = events.filter((e) => e.type === 'tool-result');
    expect(results.map((e) => `${e.toolName}:${e.isError}`)).toEqual([
      'enable_database:false',
      'read_database_schema:false',
      'write_file:false',
      'apply_migrations:false',
      'edit_file:false',
      'apply_migrations:false',
      'write_file:false',
      'check_project:false',
    ]);
    // Mason applied nothing more itself: the model applied its last change.
    expect(events.some((e) => e.type === 'tool-call' && e.toolCallId.startsWith('mason-'))).toBe(
      false,
    );
  });

  it('applies the migrations itself when the model ends without applying them, and has the model repair a failing one', async () => {
    const database = createMemoryAgentDatabase({ enabled: true, run: typoRun });
    const files = createMemoryAgentFiles();
    server.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'db/migrations/001_notes.sql', content: BROKEN_NOTES },
          },
        ],
      },
      { text: 'I added the notes table.' },
      { toolCalls: [FIX] },
      { text: 'Fixed the migration.' },
    );

    const { outcome, events } = await runTurn(server, wire, { files, database });

    expect(outcome).toEqual({ kind: 'completed' });
    expect([...database.applied.keys()]).toEqual(['001_notes.sql']);
    expect(requestText(server, 0)).toMatch(/The project's database is on/);
    expect(requestText(server, 2)).toContain(
      'Mason applied the database migrations after your edits, and they fail:',
    );
    expect(requestText(server, 2)).toContain(
      'db/migrations/001_notes.sql:2: syntax error at or near \\"tabel\\"',
    );
    expect(server.requests).toHaveLength(4);
    const mason = events.filter(
      (e): e is Extract<AgentEvent, { type: 'tool-call' | 'tool-result' }> =>
        (e.type === 'tool-call' || e.type === 'tool-result') &&
        e.toolCallId.startsWith('mason-check-'),
    );
    expect(mason.map((e) => `${e.type}:${e.toolName}`)).toEqual([
      'tool-call:apply_migrations',
      'tool-result:apply_migrations',
      'tool-call:check_project',
      'tool-result:check_project',
      'tool-call:apply_migrations',
      'tool-result:apply_migrations',
      'tool-call:check_project',
      'tool-result:check_project',
    ]);
    expect(mason[5]).toMatchObject({
      output: expect.stringMatching(/^Applied db\/migrations\/001_notes\.sql/),
    });
  });

  it('stops at the repair limit when the migration still fails, and says so', async () => {
    const database = createMemoryAgentDatabase({ enabled: true, run: typoRun });
    const files = createMemoryAgentFiles({ 'db/migrations/001_notes.sql': BROKEN_NOTES });
    const apply = { toolCalls: [{ name: 'apply_migrations', input: {} }] };
    server.enqueue(apply, apply, apply, { text: 'never asked for' });

    const { outcome } = await runTurn(server, wire, {
      files,
      database,
      limits: { maxRepairs: 1 },
    });

    expect(outcome).toEqual({
      kind: 'failed',
      code: 'REPAIR_LIMIT',
      message: expect.stringMatching(
        /^The database migration still fails after 1 attempt to fix it \(db\/migrations\/001_notes\.sql:2: syntax error at or near "tabel"\)\./,
      ),
    });
    expect(server.requests).toHaveLength(2);
    expect(database.applied.size).toBe(0);
  });

  it('offers no database tools and teaches no database without the port', async () => {
    server.enqueue({ text: 'Done.' });
    await runTurn(server, wire, { files: createMemoryAgentFiles() });
    expect(requestText(server, 0)).not.toContain('apply_migrations');
    expect(requestText(server, 0)).not.toContain('## The database');
  });
});
