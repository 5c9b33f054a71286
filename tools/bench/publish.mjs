// Publishing, from the request to a live app, beside `vite build` of the same app, for a
// generated app of about 50 and about 200 components (preview-app.mjs).
//
// - Mason: the app written as a project's newest version (the bench route), then
//   POST /projects/:id/deployment and GET /projects/:id/deployment?waitFor= (answered when the
//   deployment is LIVE, as the Publish control asks) until it is LIVE (the production build with
//   esbuild, its files stored, the app served). Timed: POST to LIVE, as a person waits for it.
// - Vite: the same files in a temporary folder (node_modules: the workspace's), `vite build` with
//   React's plugin, minified, in this process. Timed: the build.
// Medians of RUNS publishes (each of a new version, so nothing is reused) after WARM_UP.
// Target (issue "Ship it", 6): Mason at most 0.5x Vite.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { masonApi } from './api.mjs';
import { componentPath, componentSource, generateApp } from './preview-app.mjs';
import { masonApp, median, ms, now } from './preview-setup.mjs';
import { workspaceRoot } from './processes.mjs';
import { verdict } from './report.mjs';

const SIZES = [50, 200];
const WARM_UP = 1;
const RUNS = 5;
const TARGET_RATIO = 0.5;
const POLL_MS = 25;

async function publishToLive(api, projectId) {
  const started = now();
  const deployment = await api.call('POST', `/projects/${projectId}/deployment`, {});
  for (;;) {
    // As the Publish control asks: answered as soon as the deployment is LIVE or FAILED.
    const { history } = await api.call(
      'GET',
      `/projects/${projectId}/deployment?waitFor=${deployment.id}`,
    );
    const current = history.find((entry) => entry.id === deployment.id);
    if (current?.status === 'LIVE') return now() - started;
    if (current && !['QUEUED', 'BUILDING'].includes(current.status)) {
      throw new Error(`The publish ended ${current.status}: ${current.error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function viteBuild(files) {
  const [{ build }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  const root = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-vite-build-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    symlinkSync(path.join(workspaceRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const started = now();
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir: path.join(root, 'dist'), emptyOutDir: true },
    });
    return now() - started;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function publish(context) {
  const api = masonApi(context.origin);
  api.useToken(context.token);
  const rows = [];
  const title = `Publish: POST to LIVE beside vite build (medians of ${RUNS})`;
  for (const size of SIZES) {
    const files = generateApp(size);
    const app = await masonApp(context, files);
    const mason = [];
    const vite = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const edited = {
        ...files,
        [componentPath(size - 1)]: componentSource(size - 1, size, `Published ${size}-${run}`),
      };
      await app.write({ [componentPath(size - 1)]: edited[componentPath(size - 1)] });
      const masonTime = await publishToLive(api, app.projectId);
      const viteTime = await viteBuild(edited);
      if (run >= WARM_UP) {
        mason.push(masonTime);
        vite.push(viteTime);
      }
    }
    const ratio = median(mason) / median(vite);
    rows.push({
      bench: title,
      measure: `${size} components: Mason publish vs vite build`,
      value: `${ms(median(mason))} vs ${ms(median(vite))} (${ratio.toFixed(2)}x)`,
      target: `<= ${TARGET_RATIO}x`,
      verdict: verdict(ratio <= TARGET_RATIO),
    });
  }
  return rows;
}
