#!/usr/bin/env node
// Storybook interaction tests in one command: serves the static Storybook build on a free
// local port, runs @storybook/test-runner against it (every story renders, every `play`
// function passes) in Debian Chromium (see .storybook/test-runner-jest.config.js), stops the
// server and exits with the runner's status.
//   node tools/storybook/test-storybook.mjs [--dir dist/storybook] [extra test-runner/jest args]
// Build first: `npx nx run ui-kit:build-storybook` (the nx target test-storybook does both).
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const dirFlag = args.indexOf('--dir');
const staticDir = path.resolve(workspaceRoot, dirFlag >= 0 ? args.splice(dirFlag, 2)[1] : 'dist/storybook');
const passThrough = args;

if (!existsSync(path.join(staticDir, 'index.json'))) {
  console.error(`No Storybook build in ${path.relative(workspaceRoot, staticDir)}: run \`npx nx run ui-kit:build-storybook\` first.`);
  process.exit(1);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let file = path.normalize(path.join(staticDir, decodeURIComponent(url.pathname)));
  if (!file.startsWith(staticDir)) {
    response.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!existsSync(file)) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(response);
});

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const url = `http://127.0.0.1:${port}`;
console.log(`Serving ${path.relative(workspaceRoot, staticDir)} at ${url}`);

const resultsDir = path.join(workspaceRoot, 'tmp', 'storybook-tests');
mkdirSync(resultsDir, { recursive: true });
const resultsFile = path.join(resultsDir, 'results.json');
rmSync(resultsFile, { force: true });

const runner = path.join(workspaceRoot, 'node_modules', '@storybook', 'test-runner', 'dist', 'test-storybook.js');
const child = spawn(
  process.execPath,
  [runner, '--url', url, '--index-json', '--config-dir', '.storybook', '--json', '--outputFile', resultsFile, ...passThrough],
  { cwd: workspaceRoot, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, STORYBOOK_DISABLE_TELEMETRY: '1' } },
);

const stop = (signal) => {
  child.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
await new Promise((resolve) => server.close(resolve));

if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  console.log(
    `\nStorybook interaction tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ` +
      `${results.numTotalTests} stories in ${results.numTotalTestSuites} files.`,
  );
}
process.exit(code);
