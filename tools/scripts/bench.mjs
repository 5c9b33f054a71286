#!/usr/bin/env node
// `npm run bench`: Mason's benchmarks, measured against the real built server and printed side
// by side with their targets in one table. A MISS is printed, never a failure (measurements are
// not assertions); a benchmark that cannot run makes the process exit non-zero.
//
//   npm run bench                      build, set up, run every benchmark (about 2 minutes)
//   npm run bench -- --skip-build      use the build in dist/ as it is
//   npm run bench -- --only=chat-render,token-latency
//   npm run bench -- --only=app-databases   (standalone benchmarks alone skip the build and set-up)
//
// Set-up: the scripted model server (the AI provider's stand-in) and Mason with BENCH_ROUTES=true
// on an empty embedded database (or a fresh database on BENCH_DATABASE_URL's PostgreSQL server).
// One person signs up and creates three projects; their first turns run through the scripted
// model (one reads 24 files: a task of about 50 log entries). Mason then stops, one task's log is
// filled to 10 000 entries straight in the database, and Mason starts again on the same data.
// The benchmarks are in tools/bench/; BENCH_PORT and BENCH_MODEL_PORT move the two servers, and
// BENCH_VITE_PORT the Vite dev server the preview benchmarks compare Mason's preview with.
import chromiumLaunch from '../chromium.cjs';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { anonymousLoad } from '../bench/anonymous-load.mjs';
import { appDatabases } from '../bench/app-databases.mjs';
import { dataApi } from '../bench/data-api.mjs';
import { masonApi } from '../bench/api.mjs';
import { chatRender } from '../bench/chat-render.mjs';
import { logPolling } from '../bench/log-polling.mjs';
import { pageSize } from '../bench/page-size.mjs';
import { previewColdPaint } from '../bench/preview-cold-paint.mjs';
import { previewEditToPixels } from '../bench/preview-edit-to-pixels.mjs';
import { previewRebuild } from '../bench/preview-rebuild.mjs';
import { publish } from '../bench/publish.mjs';
import { sendToPixels } from '../bench/send-to-pixels.mjs';
import { tailwindRebuild } from '../bench/tailwind-rebuild.mjs';
import { buildWebAndApi, startMason, startScriptedModel } from '../bench/processes.mjs';
import { formatTable } from '../bench/report.mjs';
import { seedTaskLogs } from '../bench/seed-logs.mjs';
import { tokenLatency } from '../bench/token-latency.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('npm run bench');

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const BENCHES = [
  { id: 'page-size', title: 'JavaScript each page loads', run: pageSize },
  { id: 'log-polling', title: 'Log polling', run: logPolling },
  { id: 'anonymous-load', title: 'Load without a token', run: anonymousLoad },
  { id: 'chat-render', title: 'Chat with 10 000 log entries', run: chatRender },
  { id: 'token-latency', title: 'Token to chat', run: tokenLatency },
  { id: 'send-to-pixels', title: 'Send to pixels', run: sendToPixels },
  { id: 'preview-rebuild', title: 'Preview rebuild after one edited file', run: previewRebuild },
  {
    id: 'tailwind-rebuild',
    title: 'Tailwind app: rebuild after a class change',
    run: tailwindRebuild,
  },
  { id: 'preview-edit-to-pixels', title: 'Preview edit to pixels', run: previewEditToPixels },
  { id: 'preview-cold-paint', title: 'Preview cold first paint', run: previewColdPaint },
  { id: 'publish', title: 'Publish to live', run: publish },
  // Standalone: measured on the library, without Mason's server or a browser.
  {
    id: 'app-databases',
    title: "Apps' databases: snapshot, restore, opening an idle one",
    run: appDatabases,
    standalone: true,
  },
  {
    id: 'data-api',
    title: "Apps' data API: a read beside the same query on a bare connection",
    run: dataApi,
    standalone: true,
  },
];
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const MODEL_PORT = Number(process.env.BENCH_MODEL_PORT ?? 4391);
const RENDER_ENTRIES = 10_000;
const POLLING_TOOL_CALLS = 24;

const args = process.argv.slice(2);
const onlyArg = args.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : null;
const unknown = (only ?? []).filter((id) => !BENCHES.some((bench) => bench.id === id));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}. Choose from ${BENCHES.map((bench) => bench.id).join(', ')}.`,
  );
  process.exit(2);
}
const selected = BENCHES.filter((bench) => !only || only.includes(bench.id));

const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop();
    await cleanup().catch((error) => console.error(`Cleaning up: ${error.message}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}
// A benchmark's stray promise (a page closed while a response body was read) fails the run, not
// the process: the other benchmarks still run, and everything started is stopped at the end.
let strayErrors = 0;
process.on('unhandledRejection', (error) => {
  strayErrors += 1;
  console.error(
    `bench: a benchmark left a failed promise: ${error instanceof Error ? error.message : String(error)}`,
  );
});

const step = (text) => console.log(`bench: ${text}`);

/** A database for this run: a fresh one on BENCH_DATABASE_URL's server, else a PGlite folder. */
async function makeDatabase() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { kind: 'embedded PGlite', options: { dataDir } };
  }
  const pg = require('pg');
  const name = `mason_bench_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { kind: `PostgreSQL (${url.host})`, options: { databaseUrl: url.toString() } };
}

async function setUp() {
  step('starting the scripted model server and Mason');
  const scripted = await startScriptedModel(MODEL_PORT);
  cleanups.push(() => scripted.stop());
  const database = await makeDatabase();
  const start = async () => {
    const mason = await startMason({
      port: PORT,
      database: database.options,
      modelBaseUrl: scripted.openaiBaseUrl,
    });
    cleanups.push(() => mason.stop());
    return mason;
  };
  let mason = await start();

  step('signing up and creating three projects (their first turns run on the scripted model)');
  const api = masonApi(mason.origin);
  const person = await api.signUp();
  const run = randomUUID().slice(0, 6);
  const keys = {
    polling: `bench-polling-${run}`,
    render: `bench-render-${run}`,
    token: `bench-token-${run}`,
  };
  const readEverything = Array.from({ length: POLLING_TOOL_CALLS }, () => ({
    name: 'read_file',
    input: { path: 'src/App.tsx' },
  }));
  await scripted.queue(keys.polling, [
    { text: 'Reading the app first.', toolCalls: readEverything },
    { text: 'I read the app; it needs no change.' },
  ]);
  await scripted.queue(keys.render, [{ text: 'Ready when you are.' }]);
  await scripted.queue(keys.token, [{ text: 'Ready when you are.' }]);
  const tasks = {};
  for (const [name, key] of Object.entries(keys)) {
    const { project, firstTask } = await api.createProject(`A small reading list app (${key})`);
    tasks[name] = { key, projectId: project.id, id: firstTask.id };
  }
  for (const task of Object.values(tasks)) await api.waitForTaskDone(task.id);
  const { logs } = await api.call('GET', `/tasks/${tasks.polling.id}/logs?limit=200`);
  tasks.polling.entries = logs.length;
  tasks.polling.lastLogId = logs.at(-1).id;

  step(
    `filling one task's log to ${RENDER_ENTRIES.toLocaleString('en-US')} entries in the database`,
  );
  await mason.stop();
  cleanups.pop();
  await seedTaskLogs(database.options, tasks.render.id, RENDER_ENTRIES);
  tasks.render.entries = RENDER_ENTRIES;
  mason = await start();
  return {
    origin: mason.origin,
    scripted,
    database: database.kind,
    session: person,
    token: person.token,
    tasks,
  };
}

const started = Date.now();
const rows = [];
let failed = false;
let databaseKind = '';
try {
  const needsMason = selected.some((bench) => !bench.standalone);
  if (needsMason && !args.includes('--skip-build')) {
    step('building the web app and the server');
    buildWebAndApi();
  }
  let context = {};
  if (needsMason) {
    const setup = await setUp();
    databaseKind = setup.database;
    const browser = await chromium.launch({ ...chromiumLaunch });
    cleanups.push(() => browser.close());
    context = {
      origin: setup.origin,
      browser,
      session: setup.session,
      token: setup.token,
      scripted: setup.scripted,
      pollingTask: setup.tasks.polling,
      renderTask: setup.tasks.render,
      tokenTask: setup.tasks.token,
    };
  }
  for (const bench of selected) {
    step(`measuring: ${bench.title}`);
    try {
      rows.push(...(await bench.run(context)));
    } catch (error) {
      failed = true;
      rows.push({
        bench: bench.title,
        measure: 'could not run',
        value: error instanceof Error ? error.message : String(error),
        target: '',
        verdict: 'ERROR',
      });
    }
  }
} catch (error) {
  failed = true;
  console.error(
    `\nThe bench could not run: ${error instanceof Error ? error.message : String(error)}`,
  );
} finally {
  await cleanUp();
}

if (rows.length > 0) {
  const cpus = os.cpus();
  console.log(
    `\nMason benchmarks: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${databaseKind || 'no Mason server'}, ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
  console.log(formatTable(rows));
}
if (strayErrors > 0)
  console.error(`bench: ${strayErrors} stray failure(s) above; the run counts as failed.`);
process.exitCode = failed || strayErrors > 0 ? 1 : 0;
