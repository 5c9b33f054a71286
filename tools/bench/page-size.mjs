// The JavaScript each page loads, in Chromium against the real built server: every script
// response until the network is idle, gzip-compressed as a server would send it.
// Target (issue 2): /login at most 150 KB; every other route lazy-loaded.
import { gzipSync } from 'node:zlib';
import { verdict } from './report.mjs';

const LOGIN_BUDGET_KB = 150;
const PAGES = ['/login', '/signup', '/', '/pricing', '/password-reset'];

export async function pageSize({ origin, browser }) {
  const rows = [];
  for (const pathname of PAGES) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // The script responses until the network is idle; their bodies are read (and awaited)
      // after that, while the page is still open: a body read must not outlive the page.
      const scripts = [];
      const onResponse = (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response);
      };
      page.on('response', onResponse);
      await page.goto(origin + pathname, { waitUntil: 'networkidle' });
      page.off('response', onResponse);
      const sizes = [];
      for (const response of scripts) sizes.push(gzipSync(await response.body()).length);
      const kb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
      const isLogin = pathname === '/login';
      rows.push({
        bench: 'JavaScript each page loads (gzip, until the network is idle)',
        measure: `${pathname} (${sizes.length} files)`,
        value: `${kb.toFixed(1)} KB`,
        target: isLogin ? `<= ${LOGIN_BUDGET_KB} KB` : '(for information)',
        verdict: isLogin ? verdict(kb <= LOGIN_BUDGET_KB) : undefined,
      });
    } finally {
      await context.close();
    }
  }
  return rows;
}
