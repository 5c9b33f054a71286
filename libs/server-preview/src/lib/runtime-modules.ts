import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARED_RUNTIME_PACKAGES } from '@mason/server-workspace';
import * as esbuild from 'esbuild';
import { HOT_GLOBAL, HOT_RUNTIME_SPECIFIER } from './hot-registration';
import { installHotRuntime } from './hot-runtime';

/** The shared runtime packages as ES modules for the browser, and the import map that finds them. */
export interface RuntimeModules {
  /** File name (e.g. 'react-3F2A….js', 'chunk-….js') to module text. */
  readonly files: ReadonlyMap<string, string>;
  /** Bare specifier ('react/jsx-runtime') to the URL of its module under `baseUrl`. */
  readonly imports: Readonly<Record<string, string>>;
  /** `<script type="importmap">` content. */
  readonly importMapJson: string;
}

const NAMESPACE = 'mason-runtime';

/** 'react-dom/client' → 'react-dom-client': an entry name that is a plain file name. */
function entryName(specifier: string): string {
  return specifier.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '');
}

/**
 * The hot runtime's module: React Fast Refresh's runtime (its development build) installed into
 * the page by installHotRuntime. It imports nothing of React, so, imported first by every preview
 * build, it runs before react-dom looks for the DevTools hook.
 */
function hotRuntimeSource(): string {
  return [
    `import * as refresh from 'react-refresh/runtime';`,
    `(${installHotRuntime.toString()})(refresh.default ?? refresh, globalThis, (url) => import(url));`,
  ].join('\n');
}

/**
 * react-dom/client for the preview: its createRoot goes through the hot runtime, which keeps
 * each root the app makes so that a hot update can start the app afresh in the page
 * (HotRuntime.createRoot); every other name is React's own.
 */
function reactDomClientSource(): string {
  const names = exportNames('react-dom/client').filter((name) => name !== 'createRoot');
  return [
    `import * as m from 'react-dom/client';`,
    `import { flushSync } from 'react-dom';`,
    `export function createRoot(container, options) {`,
    `  const hot = globalThis.${HOT_GLOBAL};`,
    `  return hot ? hot.createRoot(m.createRoot, flushSync, container, options) : m.createRoot(container, options);`,
    `}`,
    `export default { ...(m.default ?? m), createRoot };`,
    names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '',
  ].join('\n');
}

/**
 * The names a package exports. Most shared packages are CommonJS (React), whose ES module form
 * would only have a default export: the entry re-exports every name the package has in Node.
 */
function exportNames(specifier: string): string[] {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const loaded = require(specifier) as Record<string, unknown>;
  return Object.keys(loaded).filter(
    (name) => name !== 'default' && name !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(name),
  );
}

/**
 * Bundles SHARED_RUNTIME_PACKAGES (React, ReactDOM, the router) from Mason's node_modules into
 * ES modules with shared chunks (one React however many entries import it), minified. Every file
 * name carries its content hash, so hosts serve them as immutable.
 * - `development` (the preview): React's development build (its warnings help the person and
 *   the agent fix an app), and the hot runtime (React Fast Refresh, see hotRuntimeSource).
 * - `production` (published apps): React's production build, no hot runtime. Built once per
 *   process, it is what every published app shares, so a publish bundles only the app's code.
 */
export async function buildRuntimeModules(
  baseUrl: string,
  mode: 'development' | 'production' = 'development',
): Promise<RuntimeModules> {
  const specifiers =
    mode === 'development'
      ? [...SHARED_RUNTIME_PACKAGES, HOT_RUNTIME_SPECIFIER]
      : [...SHARED_RUNTIME_PACKAGES];
  const entries = new Map(specifiers.map((specifier) => [entryName(specifier), specifier]));
  const result = await esbuild.build({
    entryPoints: [...entries.keys()].map((name) => ({ in: `${NAMESPACE}:${name}`, out: name })),
    bundle: true,
    write: false,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    outdir: '/runtime',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    absWorkingDir: process.cwd(),
    plugins: [
      {
        name: 'mason-runtime-entries',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
            path: args.path.slice(NAMESPACE.length + 1),
            namespace: NAMESPACE,
          }));
          build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
            const specifier = entries.get(args.path) as string;
            if (specifier === HOT_RUNTIME_SPECIFIER)
              return { contents: hotRuntimeSource(), loader: 'js', resolveDir: process.cwd() };
            if (specifier === 'react-dom/client' && mode === 'development')
              return { contents: reactDomClientSource(), loader: 'js', resolveDir: process.cwd() };
            const names = exportNames(specifier);
            return {
              contents: [
                `import * as m from ${JSON.stringify(specifier)};`,
                `export default (m.default ?? m);`,
                names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '',
              ].join('\n'),
              loader: 'js',
              resolveDir: process.cwd(),
            };
          });
        },
      },
    ],
  });
  const files = new Map<string, string>();
  const imports: Record<string, string> = {};
  for (const output of result.outputFiles) {
    const fileName = path.basename(output.path);
    files.set(fileName, output.text);
    const name = fileName.replace(/-[A-Z0-9]+\.js$/, '');
    const specifier = entries.get(name);
    if (specifier && !fileName.startsWith('chunk-')) imports[specifier] = `${baseUrl}${fileName}`;
  }
  const missing = specifiers.filter((specifier) => !imports[specifier]);
  if (missing.length > 0)
    throw new Error(`The runtime build has no module for ${missing.join(', ')}.`);
  return { files, imports, importMapJson: JSON.stringify({ imports }) };
}

/** The specifiers a module imports statically (`import … from "x"`, `import "x"`, minified too). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /(?:^|[;\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?"([^"\n]+)"/g,
  ))
    found.push(match[1] as string);
  return found;
}

/**
 * The URLs of the runtime files a module (an app's bundle) loads as it starts: the entries of
 * the shared packages it imports, and the chunks they import in turn. A page lists them as
 * modulepreload links, so the browser fetches them beside the bundle, not after it.
 */
export function runtimePreloads(modules: RuntimeModules, code: string, baseUrl: string): string[] {
  const urls = new Set<string>();
  const visit = (url: string) => {
    if (urls.has(url) || !url.startsWith(baseUrl)) return;
    urls.add(url);
    const text = modules.files.get(url.slice(baseUrl.length)) ?? '';
    for (const specifier of staticImports(text))
      if (specifier.startsWith('./')) visit(`${baseUrl}${specifier.slice(2)}`);
  };
  for (const specifier of staticImports(code)) {
    const url = modules.imports[specifier];
    if (url) visit(url);
  }
  return [...urls];
}

/** A CSP source for an inline script: 'sha256-…' of its exact text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
