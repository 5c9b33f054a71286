#!/usr/bin/env node
// `npm run bench`: measurements printed side by side in one run, never asserted in tests.
// Now: the JavaScript each page loads, measured in Chromium against the real built server:
// every script response until the network is idle, gzip-compressed as a server would send it.
// Target (issue 2): /login at most 150 KB; every other route lazy-loaded.
import chromiumLaunch from '../chromium.cjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const LOGIN_BUDGET_KB = 150;
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const origin = `http://localhost:${PORT}`;
const pages = ['/login', '/signup', '/', '/pricing', '/password-reset'];

const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'web', 'api', '--output-style=static'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mason-bench-')), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
  server.on('exit', (code) => reject(new Error(`the server stopped (${code})`)));
});

const browser = await chromium.launch({
  ...chromiumLaunch,
});
const kb = (bytes) => (bytes / 1024).toFixed(1);
const results = [];
try {
  for (const pathname of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
    });
    await page.goto(origin + pathname, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    results.push({ pathname, files: loaded.length, gzip: loaded.reduce((sum, file) => sum + file.gzip, 0) });
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

console.log('\nJavaScript each page loads in Chromium (gzip), until the network is idle:');
console.log(`${'page'.padEnd(18)} ${'files'.padStart(5)} ${'KB'.padStart(8)} ${'budget'.padStart(8)} ${'ratio'.padStart(6)}`);
for (const { pathname, files, gzip } of results) {
  const ratio = gzip / 1024 / LOGIN_BUDGET_KB;
  console.log(`${pathname.padEnd(18)} ${String(files).padStart(5)} ${kb(gzip).padStart(8)} ${String(LOGIN_BUDGET_KB).padStart(8)} ${ratio.toFixed(2).padStart(6)}`);
}
const login = results.find((result) => result.pathname === '/login');
console.log(`\n/login loads ${kb(login.gzip)} KB of gzip JavaScript: ${login.gzip / 1024 <= LOGIN_BUDGET_KB ? 'within' : 'OVER'} the ${LOGIN_BUDGET_KB} KB budget.`);
