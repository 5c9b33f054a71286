import path from 'node:path';
import { buildRuntimeModules, type RuntimeModules } from '@mason/server-preview';
import {
  SHARED_RUNTIME_PACKAGES,
  TEMPLATE_FILES,
  loadSourceFile,
  withProjectTitle,
  resolveImport,
  textOf,
  toDiagnostic,
  type Diagnostic,
} from '@mason/server-workspace';
import * as esbuild from 'esbuild';

/** A version's files: project-relative path to utf8 text or bytes. */
export type SourceFiles = ReadonlyMap<string, string | Uint8Array>;

/** A production build's files: site path (no leading slash) to bytes. */
export type BuiltFiles = ReadonlyMap<string, Uint8Array>;

export type ProductionBuild =
  | { readonly ok: true; readonly files: BuiltFiles; readonly log: readonly string[] }
  | {
      readonly ok: false;
      readonly diagnostics: readonly Diagnostic[];
      readonly log: readonly string[];
    };

export interface ProductionBuildOptions {
  /** The app's compile-time constants (its `import.meta.env`, from viteEnv), as esbuild `define`s. */
  readonly define?: Readonly<Record<string, string>>;
  /** The project's name: the page's title where it has none of its own (see withProjectTitle). */
  readonly title?: string;
}

/** Where the plugin build loads project files from ('mason-app:src/App.tsx'). */
export const NAMESPACE = 'mason-app';
const OUT_DIR = '/dist';
/** Where hashed files go: served as immutable. */
export const HASHED_DIR = 'assets';
/** Files of the project's public folder are served at the site's root, as they are (Vite's rule). */
const PUBLIC_DIR = 'public/';
const DEFAULT_INDEX = TEMPLATE_FILES['index.html'] as string;
const MODULE_SCRIPT =
  /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["'][^>]*>\s*<\/script>/i;
/** Marks the plugin's own lookups of packages, so they are not handled by the plugin again. */
const PACKAGE_LOOKUP = Symbol('package lookup');

/** Where the shared packages of published apps are served (hashed names: immutable). */
const RUNTIME_DIR = `${HASHED_DIR}/runtime`;
let productionRuntime: Promise<RuntimeModules> | null = null;

/**
 * React, ReactDOM and the router in their production builds, bundled once per process and
 * shared by every published app (stored once: the files are content-addressed).
 */
export function sharedRuntime(): Promise<RuntimeModules> {
  productionRuntime ??= buildRuntimeModules(`/${RUNTIME_DIR}/`, 'production').catch(
    (error: unknown) => {
      productionRuntime = null;
      throw error;
    },
  );
  return productionRuntime;
}

/** The module index.html starts the app from ('src/main.tsx' in the Vite layout). */
export function entryOfIndex(indexHtml: string): string {
  const src = MODULE_SCRIPT.exec(indexHtml)?.[1] ?? '/src/main.tsx';
  return src.replace(/^\.?\//, '');
}

/**
 * The app's index.html with its module script replaced by the built script and stylesheet, the
 * import map that finds the shared packages, and preloads of them (no request waterfall).
 */
function productionPage(
  indexHtml: string,
  script: string,
  styles: readonly string[],
  runtime: RuntimeModules,
): string {
  const importMap = runtime.importMapJson.replace(/</g, '\\u003c');
  const tags =
    `<script type="importmap">${importMap}</script>\n` +
    [...runtime.files.keys()]
      .sort()
      .map((file) => `<link rel="modulepreload" crossorigin href="/${RUNTIME_DIR}/${file}" />\n`)
      .join('') +
    `<script type="module" crossorigin src="/${script}"></script>\n` +
    styles.map((style) => `<link rel="stylesheet" crossorigin href="/${style}" />\n`).join('');
  const html = indexHtml.replace(MODULE_SCRIPT, '');
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${tags}</head>`) : `${tags}${html}`;
}

/**
 * Resolves and loads a version's files for esbuild; packages come from Mason's node_modules.
 * `source` answers the files of the build under way (an incremental context builds many versions).
 */
export function sourcePlugin(source: () => SourceFiles): esbuild.Plugin {
  return {
    name: 'mason-app',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE };
        if (args.namespace !== NAMESPACE || args.pluginData === PACKAGE_LOOKUP) return undefined;
        const resolved = resolveImport(source(), args, NAMESPACE);
        if (!resolved.external || /^([a-z][a-z0-9+.-]*:|\/)/i.test(resolved.path ?? '/')) {
          return resolved;
        }
        // React and the router stay bare imports: the shared runtime provides them.
        if (SHARED_RUNTIME_PACKAGES.includes(args.path)) return resolved;
        // A runtime package: bundled from Mason's own node_modules, in its production build.
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: process.cwd(),
          pluginData: PACKAGE_LOOKUP,
        });
        return found.errors.length > 0 ? { errors: found.errors } : found;
      });
      // Images, fonts and other files an import names become hashed files of their own.
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) =>
        loadSourceFile(source(), args.path, NAMESPACE),
      );
    },
  };
}

function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file
    ? `${diagnostic.file}${diagnostic.line ? `:${diagnostic.line}:${diagnostic.column ?? 1}` : ''}: `
    : '';
  return `${diagnostic.severity === 'error' ? 'error' : 'warning'}: ${where}${diagnostic.message}`;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

const asBytes = (content: string | Uint8Array) =>
  typeof content === 'string' ? Buffer.from(content, 'utf8') : content;

/** esbuild's options of a production build of the app that starts at `entry`. */
export function productionOptions(
  entry: string,
  source: () => SourceFiles,
  define: Readonly<Record<string, string>> = {},
): esbuild.BuildOptions & { write: false } {
  return {
    entryPoints: { app: entry },
    bundle: true,
    write: false,
    logLevel: 'silent',
    outdir: OUT_DIR,
    publicPath: '/',
    entryNames: `${HASHED_DIR}/[name]-[hash]`,
    chunkNames: `${HASHED_DIR}/chunk-[hash]`,
    assetNames: `${HASHED_DIR}/[name]-[hash]`,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2020',
    // One React per page, also inside bundled packages (lucide-react imports it).
    external: [...SHARED_RUNTIME_PACKAGES],
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    sourcemap: false,
    // The app's import.meta.env comes from the caller (server-workspace's viteEnv).
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    absWorkingDir: process.cwd(),
    plugins: [sourcePlugin(source)],
  };
}

/** Runs esbuild with a build's options: once, or again in a context kept for the project. */
export type EsbuildRun = (
  options: esbuild.BuildOptions & { write: false },
  files: SourceFiles,
) => Promise<esbuild.BuildResult<{ write: false }>>;

const buildOnce: EsbuildRun = (options) => esbuild.build(options);

/** The app's index.html (the template's when it has none) and the entry point it names. */
export function entryOf(files: SourceFiles): { indexHtml: string; entry: string } {
  const indexHtml = files.has('index.html')
    ? textOf(files.get('index.html') as string)
    : DEFAULT_INDEX;
  return { indexHtml, entry: entryOfIndex(indexHtml) };
}

/**
 * Builds a version's files for the public, as `vite build` would: from the module index.html
 * names, minified, React's production build (no Fast Refresh, no source attributes, no bridge:
 * none of the preview's instrumentation), code split, every output named by its content hash
 * under `assets/`, the public folder copied to the root, and index.html pointing at the bundle.
 * A failed build answers its errors (file, line, message) and the log; it never throws for a
 * mistake in the app. `run` is how esbuild runs (once by default; incremental in the builder).
 */
export async function buildProduction(
  files: SourceFiles,
  options: ProductionBuildOptions = {},
  run: EsbuildRun = buildOnce,
): Promise<ProductionBuild> {
  const started = performance.now();
  const { indexHtml, entry } = entryOf(files);
  if (!files.has(entry)) {
    const message = `The app has no entry point: index.html starts ${entry}, and there is no such file.`;
    return {
      ok: false,
      diagnostics: [{ severity: 'error', file: null, line: null, column: null, message }],
      log: [`error: ${message}`],
    };
  }

  const runtime = await sharedRuntime();
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await run(
      productionOptions(entry, () => files, options.define),
      files,
    );
  } catch (error) {
    const failure = error as Partial<esbuild.BuildFailure>;
    if (!Array.isArray(failure.errors)) throw error;
    const diagnostics = [
      ...failure.errors.map((message) => toDiagnostic(message, 'error', files, NAMESPACE)),
      ...(failure.warnings ?? []).map((message) =>
        toDiagnostic(message, 'warning', files, NAMESPACE),
      ),
    ];
    return { ok: false, diagnostics, log: diagnostics.map(formatDiagnostic) };
  }

  const built = new Map<string, Uint8Array>();
  // The public folder first: a built file of the same name wins.
  for (const [filePath, content] of files) {
    if (filePath.startsWith(PUBLIC_DIR) && filePath.length > PUBLIC_DIR.length) {
      built.set(filePath.slice(PUBLIC_DIR.length), asBytes(content));
    }
  }
  // The entry's script and stylesheet are named after the entry point ('app').
  let script = '';
  const styles: string[] = [];
  for (const output of result.outputFiles) {
    const sitePath = path.posix.relative(OUT_DIR, output.path);
    built.set(sitePath, output.contents);
    if (!sitePath.startsWith(`${HASHED_DIR}/app-`)) continue;
    if (sitePath.endsWith('.js')) script = sitePath;
    else if (sitePath.endsWith('.css')) styles.push(sitePath);
  }
  for (const [file, text] of runtime.files) {
    built.set(`${RUNTIME_DIR}/${file}`, Buffer.from(text, 'utf8'));
  }
  const page = options.title === undefined ? indexHtml : withProjectTitle(indexHtml, options.title);
  built.set('index.html', Buffer.from(productionPage(page, script, styles, runtime), 'utf8'));

  const warnings = result.warnings.map((message) =>
    formatDiagnostic(toDiagnostic(message, 'warning', files, NAMESPACE)),
  );
  const sizes = [...built]
    .filter(([sitePath]) => sitePath === 'index.html' || sitePath.startsWith(`${HASHED_DIR}/`))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sitePath, content]) => `${sitePath}  ${kilobytes(content.length)}`);
  const log = [
    ...warnings,
    ...sizes,
    `Built ${built.size} files in ${Math.round(performance.now() - started)} ms.`,
  ];
  return { ok: true, files: built, log };
}
