// Mason's preview rebuild after one edited file, beside a bare esbuild incremental rebuild of the
// same files, for a generated app of about 50 and about 200 components (preview-app.mjs).
//
// - Mason: @mason/server-preview's PreviewBuilder as the preview host uses it: one esbuild
//   context per project, the files map swapped for each version, every module tagged with its
//   source and registered for live updates (the edited one transformed again, the others from
//   the transform cache). Timed from the new files to the finished build.
// - Bare esbuild: the same files on disk, `esbuild.context()` with the same entry, externals,
//   JSX and target, and `rebuild()` after the file is written. Timed: the rebuild.
// Both run in this process, one after the other for every edit; medians of RUNS edits after
// WARM_UP. The hot update (the changed component alone, what a live page loads) is printed for
// information. Target (issue "Live preview and visual edit", 1): Mason at most 2x bare esbuild.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { componentPath, componentSource, generateApp } from './preview-app.mjs';
import { median, ms, now } from './preview-setup.mjs';
import { workspaceRoot } from './processes.mjs';
import { verdict } from './report.mjs';

const SIZES = [50, 200];
const WARM_UP = 3;
const RUNS = 15;
const TARGET_RATIO = 2;

/** @mason/server-preview (and the shared package list) from source, bundled for this process. */
export async function loadServerPreview(folder) {
  const outfile = path.join(folder, 'server-preview.mjs');
  await esbuild.build({
    stdin: {
      contents: [
        "export { PreviewBuilder, buildHotUpdate } from './libs/server-preview/src/index.ts';",
        "export { SHARED_RUNTIME_PACKAGES } from './libs/server-workspace/src/index.ts';",
      ].join('\n'),
      resolveDir: workspaceRoot,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    tsconfig: path.join(workspaceRoot, 'tsconfig.base.json'),
    outfile,
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

/**
 * `files` written into a new temporary folder, and esbuild's incremental context over it with
 * the preview's entry, externals, JSX and target (plus `options`): the bare baseline.
 */
export async function bareEsbuild(files, external, options = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-esbuild-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const context = await esbuild.context({
    entryPoints: { app: path.join(root, 'src/main.tsx') },
    absWorkingDir: root,
    bundle: true,
    write: false,
    logLevel: 'silent',
    outdir: '/bare',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    external: [...external],
    define: { 'process.env.NODE_ENV': '"development"' },
    ...options,
  });
  return {
    root,
    context,
    async dispose() {
      await context.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function measureSize(lib, size) {
  const files = generateApp(size);
  const target = size - 1;
  const builder = new lib.PreviewBuilder();
  const bare = await bareEsbuild(files, lib.SHARED_RUNTIME_PACKAGES);
  const diskRoot = bare.root;
  try {
    let current = new Map(Object.entries(files));
    const coldStart = now();
    const first = await builder.build(current, { context: 'bench' });
    const cold = now() - coldStart;
    if (!first.ok)
      throw new Error(`The generated app does not build: ${first.diagnostics[0]?.message}`);
    await bare.context.rebuild();

    const mason = [];
    const esbuildAlone = [];
    const hot = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const text = `Edited text ${size}-${run}`;
      const source = componentSource(target, size, text);
      const previous = current;
      current = new Map(current).set(componentPath(target), source);

      const masonStart = now();
      const build = await builder.build(current, { context: 'bench' });
      const masonTime = now() - masonStart;
      if (!build.ok || !build.js.includes(text)) throw new Error('Mason rebuilt the wrong files.');

      writeFileSync(path.join(diskRoot, componentPath(target)), source);
      const bareStart = now();
      const result = await bare.context.rebuild();
      const bareTime = now() - bareStart;
      if (!result.outputFiles[0]?.text.includes(text))
        throw new Error('esbuild rebuilt stale files.');

      const hotStart = now();
      const update = await lib.buildHotUpdate(previous, current);
      const hotTime = now() - hotStart;
      if (!update.ok) throw new Error(`The edit was not a hot update: ${update.reason}`);

      if (run >= WARM_UP) {
        mason.push(masonTime);
        esbuildAlone.push(bareTime);
        hot.push(hotTime);
      }
    }
    return { cold, mason: median(mason), bare: median(esbuildAlone), hot: median(hot) };
  } finally {
    await bare.dispose();
    await builder.dispose();
  }
}

export async function previewRebuild() {
  // Inside the workspace (its tmp/ is ignored by git), so the bundle finds the node_modules.
  mkdirSync(path.join(workspaceRoot, 'tmp'), { recursive: true });
  const folder = mkdtempSync(path.join(workspaceRoot, 'tmp', 'bench-preview-'));
  try {
    const lib = await loadServerPreview(folder);
    const rows = [];
    const title = `Preview rebuild after one edited file (medians of ${RUNS})`;
    for (const size of SIZES) {
      const result = await measureSize(lib, size);
      const ratio = result.mason / result.bare;
      rows.push(
        {
          bench: title,
          measure: `${size} components: Mason rebuild vs bare esbuild context().rebuild()`,
          value: `${ms(result.mason)} vs ${ms(result.bare)} (${ratio.toFixed(2)}x)`,
          target: `<= ${TARGET_RATIO}x`,
          verdict: verdict(ratio <= TARGET_RATIO),
        },
        {
          bench: title,
          measure: `${size} components: Mason's first build / hot update of the edited component`,
          value: `${ms(result.cold)} / ${ms(result.hot)}`,
          target: '(for information)',
        },
      );
    }
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
