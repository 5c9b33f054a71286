#!/usr/bin/env node
// Storybook interaction tests in one command: serves the static Storybook build on a free
// local port, runs @storybook/test-runner against it (every story renders, every `play`
// function passes) in Debian Chromium (see .storybook/test-runner-jest.config.js), stops the
// server and exits with the runner's status.
//
// The runner makes a test file of each component's stories, and each test file opens a page of
// its own and loads the whole Storybook in it: about 2 s of a busy machine per file, more than
// half of the run for 90 files. So the runner reads a grouped story index (runnerIndex below):
// the same stories, by id, in files of about STORIES_PER_FILE stories, a component's stories
// kept together. The page (.storybook/test-runner.ts, `prepare`) opens the Storybook itself,
// whose own index renders each story as it is.
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
const staticDir = path.resolve(
  workspaceRoot,
  dirFlag >= 0 ? args.splice(dirFlag, 2)[1] : 'dist/storybook',
);
const passThrough = args;

if (!existsSync(path.join(staticDir, 'index.json'))) {
  console.error(
    `No Storybook build in ${path.relative(workspaceRoot, staticDir)}: run \`npx nx run ui-kit:build-storybook\` first.`,
  );
  process.exit(1);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
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

/** Where the runner reads its index (`--url`): the Storybook's own URL serves the pages. */
const RUNNER_PATH = '/runner/';
const STORIES_PER_FILE = 40;

/**
 * The Storybook's index.json for the runner: every story (docs entries left out, as the runner
 * does) under a group title, "Stories 3/12", and named "<its title> › <its name>", so that a
 * test's name still says which story it is. Ids and import paths are the story's own.
 */
function runnerIndex() {
  const index = JSON.parse(readFileSync(path.join(staticDir, 'index.json'), 'utf8'));
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .sort((a, b) => a.title.localeCompare(b.title));
  const groups = [];
  for (const story of stories) {
    const last = groups.at(-1);
    const sameTitle = last?.at(-1).title === story.title;
    if (last && (sameTitle || last.length < STORIES_PER_FILE)) last.push(story);
    else groups.push([story]);
  }
  const entries = groups.flatMap((group, n) =>
    group.map((story) => [
      story.id,
      {
        ...story,
        title: `Stories ${n + 1}/${groups.length}`,
        name: `${story.title} › ${story.name}`,
      },
    ]),
  );
  return JSON.stringify({ ...index, entries: Object.fromEntries(entries) });
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith(RUNNER_PATH)) {
    if (url.pathname === `${RUNNER_PATH}index.json`) {
      response.writeHead(200, { 'content-type': TYPES['.json'] }).end(runnerIndex());
    } else if (url.pathname === RUNNER_PATH) {
      // The runner checks that its URL answers before it starts.
      response.writeHead(200, { 'content-type': TYPES['.txt'] }).end('The test runner’s index');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
    return;
  }
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

const runner = path.join(
  workspaceRoot,
  'node_modules',
  '@storybook',
  'test-runner',
  'dist',
  'test-storybook.js',
);
const child = spawn(
  process.execPath,
  [
    runner,
    '--url',
    `${url}${RUNNER_PATH}`,
    '--index-json',
    '--config-dir',
    '.storybook',
    '--json',
    '--outputFile',
    resultsFile,
    ...passThrough,
  ],
  {
    cwd: workspaceRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      STORYBOOK_DISABLE_TELEMETRY: '1',
      // The Storybook the pages open (prepare in .storybook/test-runner.ts), and the one a failed
      // story's "debug it in Storybook" link names.
      MASON_STORYBOOK_URL: `${url}/`,
      REFERENCE_URL: `${url}/`,
    },
  },
);

const stop = (signal) => {
  child.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const code = await new Promise((resolve) =>
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);
await new Promise((resolve) => server.close(resolve));

if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  console.log(
    `\nStorybook interaction tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ` +
      `${results.numTotalTests} stories in ${results.numTotalTestSuites} files of about ${STORIES_PER_FILE}.`,
  );
}
process.exit(code);
