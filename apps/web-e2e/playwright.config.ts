import { defineConfig } from '@playwright/test';
import { SCRIPTED_MODEL_ID } from '@mason/server-agent/testing';
import chromium from '../../tools/chromium.cjs';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

// One real Mason server (the built API serving the built web app) for the whole run, on its
// own port and its own empty embedded database, with the e-mail outbox readable by the tests.
const port = Number(process.env.E2E_PORT ?? 4310);
// The scripted model server stands in for the AI provider: tests queue its replies over HTTP.
const modelPort = Number(process.env.E2E_MODEL_PORT ?? 4319);
const scriptedModelUrl = `http://127.0.0.1:${modelPort}`;
const baseURL = `http://localhost:${port}`;
const workspaceRoot = path.join(__dirname, '../..');

export default defineConfig({
  testDir: './src',
  outputDir: path.join(workspaceRoot, 'dist/.playwright/web-e2e/test-results'),
  fullyParallel: true,
  // Two workers at least, whether or not CI is set: a test spends most of its time waiting on the
  // server, the model or a page, and Playwright's default (half the cores) ran the suite one test
  // at a time on a 2-core machine, 8.7 min against 6.6 min with two.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // The browser, Mason and the scripted model share the machine's 2 cores, with other work
  // beside them in CI. The slowest test takes about 15 s on a busy machine: 60 s leaves room for
  // a loaded one, and an expect waits up to 20 s for what a person would see (a cold page's
  // chunks, a turn, the preview's first paint). Both are bounds, never pauses: a passing test
  // does not wait longer.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot.
    // The trace's screencast is left out: recording it doubled the preview specs' time on a
    // busy machine (13 s against 25 s), for frames the DOM snapshots already show.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node --import @swc-node/register/esm-register libs/server-agent/src/testing/scripted-model-server-main.ts --port=${modelPort}`,
      cwd: workspaceRoot,
      url: `${scriptedModelUrl}/__scripted/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SWC_NODE_PROJECT: 'libs/server-agent/tsconfig.lib.json' },
    },
    {
      command: 'node dist/apps/api/main.js',
      cwd: workspaceRoot,
      url: `${baseURL}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mason-e2e-')),
        EXPOSE_OUTBOX: 'true',
        // Every test signs people up from 127.0.0.1: more than the default 10 an hour.
        SIGNUPS_PER_IP_PER_HOUR: '500',
        WEB_DIST: path.join(workspaceRoot, 'dist/apps/web'),
        // The one model is the scripted model server as an OpenAI-compatible endpoint: a stand-in
        // named as such ("scripted-test-model (your endpoint)"), not charged (no price set).
        LLM_BASE_URL: `${scriptedModelUrl}/openai/v1`,
        LLM_MODEL: SCRIPTED_MODEL_ID,
        LLM_API_KEY: 'scripted',
        // No preview thumbnails: only thumbnails.spec.ts makes them, on a server of its own.
        MASON_THUMBNAILS: 'false',
        // project-import.spec.ts imports from a git server it starts on 127.0.0.1.
        GIT_IMPORT_ALLOW_LOOPBACK: 'true',
        // mcp.spec.ts's MCP server (the official SDK's) listens on loopback.
        MCP_ALLOW_LOOPBACK: 'true',
      },
    },
  ],
});
