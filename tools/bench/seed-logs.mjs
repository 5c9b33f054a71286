// Fills a task's log up to `total` entries in one SQL statement, straight into the database of
// a stopped server (PGlite's data folder) or of a PostgreSQL server: 10 000 entries in about
// a second instead of 10 000 model calls. The rows look like the assistant's real work: the
// person's requests, tool calls and results, file changes, and markdown answers with code, in
// one gapless sequence after the entries the task already has (tasks.last_log_seq = total).
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One cycle of ten entries, by seq % 10; $1 is the task id, s the entry's seq. */
const ENTRY_SQL = `
  INSERT INTO task_logs (task_id, seq, type, content, payload, created_at)
  SELECT $1::uuid, s,
    (ARRAY['USER_MESSAGE','AI_MESSAGE','TOOL_CALL','TOOL_RESULT','TOOL_CALL','TOOL_RESULT','FILE_CHANGE','TOOL_CALL','TOOL_RESULT','AI_MESSAGE'])[s % 10 + 1],
    CASE s % 10
      WHEN 0 THEN 'Request ' || s || ': make the header sticky, add a dark mode toggle and keep the list sorted by date.'
      WHEN 1 THEN 'I will look at the layout first, then change the header and the list.'
      WHEN 2 THEN 'Read src/App.tsx'
      WHEN 3 THEN 'import { Header } from ''./components/Header'';' || chr(10) || 'export function App() { return <main><Header /></main>; }'
      WHEN 4 THEN 'Edited src/components/Header.tsx'
      WHEN 5 THEN 'Edited src/components/Header.tsx (3 lines changed).'
      WHEN 6 THEN 'updated src/components/Header.tsx'
      WHEN 7 THEN 'Checked the build'
      WHEN 8 THEN 'The project builds without errors.'
      ELSE 'Done (step ' || s || '). The header now stays at the top:' || chr(10) || chr(10)
        || '- **Sticky header** with a dark mode toggle' || chr(10)
        || '- the list is sorted by date' || chr(10) || chr(10)
        || '\`\`\`tsx' || chr(10) || 'export function Header() {' || chr(10)
        || '  return <header className="sticky top-0">Tasks</header>;' || chr(10) || '}' || chr(10) || '\`\`\`'
    END,
    CASE s % 10
      WHEN 0 THEN '{"images":[],"staticFiles":[],"selectedComponents":[],"currentPage":null,"model":"CLAUDE_SONNET_4_5"}'::jsonb
      WHEN 1 THEN '{"model":"CLAUDE_SONNET_4_5","draftId":null}'::jsonb
      WHEN 2 THEN jsonb_build_object('toolCallId', 'seed-' || s, 'toolName', 'read_file', 'input', '{"path":"src/App.tsx"}'::jsonb)
      WHEN 3 THEN jsonb_build_object('toolCallId', 'seed-' || (s - 1), 'toolName', 'read_file', 'isError', false)
      WHEN 4 THEN jsonb_build_object('toolCallId', 'seed-' || s, 'toolName', 'edit_file', 'input',
        '{"path":"src/components/Header.tsx","old_string":"<header>","new_string":"<header className=\\"sticky top-0\\">"}'::jsonb)
      WHEN 5 THEN jsonb_build_object('toolCallId', 'seed-' || (s - 1), 'toolName', 'edit_file', 'isError', false)
      WHEN 6 THEN '{"path":"src/components/Header.tsx","change":"UPDATED","additions":3,"deletions":1}'::jsonb
      WHEN 7 THEN jsonb_build_object('toolCallId', 'seed-' || s, 'toolName', 'check_project', 'input', '{}'::jsonb)
      WHEN 8 THEN jsonb_build_object('toolCallId', 'seed-' || (s - 1), 'toolName', 'check_project', 'isError', false)
      ELSE '{"model":"CLAUDE_SONNET_4_5","draftId":null}'::jsonb
    END,
    now() - make_interval(secs => ($2::int - s) * 5)
  FROM generate_series($3::int, $2::int) AS s`;

/** Appends entries to the task until it has `total`; answers how many were written. */
async function seed(query, taskId, total) {
  const [{ last_log_seq: last }] = await query('SELECT last_log_seq FROM tasks WHERE id = $1', [
    taskId,
  ]);
  if (last === undefined) throw new Error(`No task ${taskId} to seed.`);
  if (last >= total) return 0;
  await query('BEGIN');
  try {
    await query(ENTRY_SQL, [taskId, total, last + 1]);
    await query('UPDATE tasks SET last_log_seq = $2 WHERE id = $1', [taskId, total]);
    await query('COMMIT');
  } catch (error) {
    await query('ROLLBACK');
    throw error;
  }
  return total - last;
}

/** `database`: { dataDir } (the server must be stopped: PGlite is one process) or { databaseUrl }. */
export async function seedTaskLogs(database, taskId, total) {
  if (database.databaseUrl) {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      return await seed(
        async (sql, params) => (await client.query(sql, params)).rows,
        taskId,
        total,
      );
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(path.join(database.dataDir, 'pglite'));
  try {
    return await seed(async (sql, params) => (await client.query(sql, params)).rows, taskId, total);
  } finally {
    await client.close();
  }
}
