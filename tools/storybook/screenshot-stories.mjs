#!/usr/bin/env node
// Screenshots of Storybook stories in Debian Chromium, in dark and light mode, from the static
// build (run `npx nx run ui-kit:build-storybook` first). For looking at what we ship.
//   node tools/storybook/screenshot-stories.mjs [--modes dark,light] [--out tmp/screenshots] STORY_ID[@WIDTHxHEIGHT] ...
//   e.g. node tools/storybook/screenshot-stories.mjs ui-kit-modal--open ui-kit-examples--sign-in-screen@1100x760
import chromiumLaunch from '../chromium.cjs';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    modes: { type: 'string', default: 'dark,light' },
    out: { type: 'string', default: 'tmp/screenshots' },
    dir: { type: 'string', default: 'dist/storybook' },
  },
});
const staticDir = path.resolve(workspaceRoot, values.dir);
if (!existsSync(path.join(staticDir, 'iframe.html')) || positionals.length === 0) {
  console.error(
    'usage: screenshot-stories.mjs [--modes dark,light] [--out DIR] STORY_ID[@WxH] ... (after build-storybook)',
  );
  process.exit(2);
}
const TYPES = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = http.createServer((request, response) => {
  let file = path.normalize(
    path.join(staticDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)),
  );
  if (!file.startsWith(staticDir)) return void response.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!existsSync(file)) return void response.writeHead(404).end();
  response.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
  });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const out = path.resolve(workspaceRoot, values.out);
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  ...chromiumLaunch,
});
try {
  for (const mode of values.modes.split(',')) {
    const context = await browser.newContext({
      viewport: { width: 960, height: 640 },
      reducedMotion: 'reduce',
      colorScheme: mode === 'light' ? 'light' : 'dark',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    for (const spec of positionals) {
      const [id, size] = spec.split('@');
      const [width, height] = (size ?? '960x640').split('x').map(Number);
      await page.setViewportSize({ width, height });
      const viewMode = id.endsWith('--docs') ? 'docs' : 'story';
      await page.goto(`${base}/iframe.html?id=${id}&viewMode=${viewMode}&globals=theme:${mode}`);
      await page.waitForSelector(
        'body.sb-show-main, body.sb-show-main-docs, body.sb-show-errordisplay',
        { timeout: 15000 },
      );
      // The story's play function (typing, a mocked request) has run, then transitions settle.
      await page
        .waitForFunction(
          () =>
            ['played', 'completed', 'finished', 'errored', 'aborted'].includes(
              globalThis.__STORYBOOK_PREVIEW__?.currentRender?.phase,
            ),
          undefined,
          { timeout: 20000 },
        )
        .catch(() => console.error(`${id}: the story did not finish within 20 s`));
      await page.waitForTimeout(500);
      const file = path.join(out, `${id}--${mode}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(workspaceRoot, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
