// Mason's preview rebuild after a class change in a Tailwind app, beside bare esbuild plus a bare
// Tailwind compile of the same files, in one run, for apps of about 50 and 200 components.
//
// The app is the preview benchmarks' generated app (preview-app.mjs) with `@import "tailwindcss"`
// as its stylesheet and Tailwind classes on every component. Each edit gives one component
// another padding class (p-1 … p-12 in turn): a class appears and, as no other file uses the old
// one, a class goes away, so Mason compiles the stylesheet afresh (its slower path).
//
// - Mason: @mason/server-preview's PreviewBuilder as the preview host uses it (one esbuild
//   context per project, Tailwind compiled in memory by @mason/server-workspace). Timed from the
//   new files to the finished build, JavaScript and CSS.
// - Bare: the same files on disk; esbuild's context().rebuild() for the JavaScript, plus Tailwind
//   as its own tools run it: @tailwindcss/node's compile() of the stylesheet, @tailwindcss/oxide's
//   Scanner over the project's sources, and build() with the classes found. Timed: the sum.
// Medians of RUNS edits after WARM_UP. Target (issue "Generated apps on the stack people
// expect", 1): Mason at most 2x the bare pair.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { componentPath, generateApp } from './preview-app.mjs';
import { bareEsbuild, loadServerPreview } from './preview-rebuild.mjs';
import { median, ms, now } from './preview-setup.mjs';
import { workspaceRoot } from './processes.mjs';
import { verdict } from './report.mjs';

const require = createRequire(import.meta.url);
const SIZES = [50, 200];
const WARM_UP = 3;
const RUNS = 15;
const TARGET_RATIO = 2;
const STYLESHEET = '@import "tailwindcss";\n';
const CLASSES = 'my-1 ml-3 border-l-2 border-indigo-500 px-2 py-1';

/** The generated app with Tailwind: its stylesheet, and classes instead of `widget`. */
function tailwindApp(size) {
  const files = generateApp(size);
  const app = {};
  for (const [file, text] of Object.entries(files)) {
    app[file] = file.endsWith('.css')
      ? STYLESHEET
      : text.replace('className="widget"', `className="${CLASSES}"`);
  }
  return app;
}

/** Tailwind as its own tools run it on a folder: compile, scan the sources, build. */
async function bareTailwind(root, stylesheet) {
  const { compile } = require('@tailwindcss/node');
  const { Scanner } = require('@tailwindcss/oxide');
  // The stylesheet imports only 'tailwindcss': resolved from Mason's node_modules.
  const compiler = await compile(stylesheet, {
    base: workspaceRoot,
    onDependency: () => undefined,
  });
  const scanner = new Scanner({ sources: [{ base: root, pattern: '**/*', negated: false }] });
  return compiler.build(scanner.scan());
}

async function measureSize(lib, size) {
  const files = tailwindApp(size);
  const target = size - 1;
  const cssPath = Object.keys(files).find((file) => file.endsWith('.css'));
  const builder = new lib.PreviewBuilder();
  // Tailwind makes the CSS beside the bundle; esbuild only sees an empty stylesheet.
  const bare = await bareEsbuild(files, lib.SHARED_RUNTIME_PACKAGES, {
    loader: { '.css': 'empty' },
  });
  const diskRoot = bare.root;
  try {
    let current = new Map(Object.entries(files));
    const first = await builder.build(current, { context: 'bench-tailwind' });
    if (!first.ok) throw new Error(`The app does not build: ${first.diagnostics[0]?.message}`);
    await bare.context.rebuild();
    await bareTailwind(diskRoot, files[cssPath]);

    const mason = [];
    const bareTimes = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const padding = `p-${1 + (run % 12)}`;
      const original = files[componentPath(target)];
      const source = original.replace(
        `className="${CLASSES}"`,
        `className="${CLASSES} ${padding}"`,
      );
      current = new Map(current).set(componentPath(target), source);

      const masonStart = now();
      const build = await builder.build(current, { context: 'bench-tailwind' });
      const masonTime = now() - masonStart;
      if (!build.ok || !build.css.includes(`.${padding} {`))
        throw new Error(`Mason's stylesheet has no ${padding}.`);

      writeFileSync(path.join(diskRoot, componentPath(target)), source);
      const bareStart = now();
      await bare.context.rebuild();
      const css = await bareTailwind(diskRoot, files[cssPath]);
      const bareTime = now() - bareStart;
      if (!css.includes(`.${padding} {`))
        throw new Error(`Tailwind's stylesheet has no ${padding}.`);

      if (run >= WARM_UP) {
        mason.push(masonTime);
        bareTimes.push(bareTime);
      }
    }
    return { mason: median(mason), bare: median(bareTimes) };
  } finally {
    await bare.dispose();
    await builder.dispose();
  }
}

export async function tailwindRebuild() {
  mkdirSync(path.join(workspaceRoot, 'tmp'), { recursive: true });
  const folder = mkdtempSync(path.join(workspaceRoot, 'tmp', 'bench-tailwind-'));
  try {
    const lib = await loadServerPreview(folder);
    const rows = [];
    const title = `Tailwind app: rebuild after a class change (medians of ${RUNS})`;
    for (const size of SIZES) {
      const result = await measureSize(lib, size);
      const ratio = result.mason / result.bare;
      rows.push({
        bench: title,
        measure: `${size} components: Mason rebuild vs bare esbuild rebuild + Tailwind compile`,
        value: `${ms(result.mason)} vs ${ms(result.bare)} (${ratio.toFixed(2)}x)`,
        target: `<= ${TARGET_RATIO}x`,
        verdict: verdict(ratio <= TARGET_RATIO),
      });
    }
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
