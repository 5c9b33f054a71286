import path from 'node:path';
import type * as esbuild from 'esbuild';
import { sharedTailwind, textOf, usesTailwind } from './tailwind';
import { BUNDLED_RUNTIME_PACKAGES, RUNTIME_PACKAGES } from './template';
import type { Diagnostic } from './types';

// How esbuild sees a project's files, shared by the agent's check (checkFiles) and the preview
// builder: Vite's resolution rules, the loaders, and esbuild messages as Diagnostics. What the
// check accepts, the preview builds.

/** What an import without an extension may mean, in Vite's order. */
export const IMPORT_EXTENSIONS: readonly string[] = [
  '.tsx',
  '.ts',
  '.jsx',
  '.js',
  '.mjs',
  '.json',
  '.css',
];
const INDEX_FILES = ['index.tsx', 'index.ts', 'index.jsx', 'index.js'];

const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'url',
  'util',
  'stream',
  'buffer',
  'process',
];

/** Words for the packages a model commonly reaches for that a Mason app does not have. */
const PACKAGE_HINTS: Readonly<Record<string, string>> = {
  'react-router-dom':
    "Import from 'react-router' instead: it has BrowserRouter, Routes, Route, Link, NavLink and the hooks.",
  axios: 'Use the browser’s fetch instead.',
  'node-fetch': 'Use the browser’s fetch instead.',
};

function availablePackages(): string {
  return RUNTIME_PACKAGES.join(', ');
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The project file an import means (exact, with an extension, or a folder index). */
export function resolveFile(files: ReadonlyMap<string, unknown>, candidate: string): string | null {
  if (files.has(candidate)) return candidate;
  for (const extension of IMPORT_EXTENSIONS) {
    if (files.has(candidate + extension)) return candidate + extension;
  }
  for (const index of INDEX_FILES) {
    if (files.has(`${candidate}/${index}`)) return `${candidate}/${index}`;
  }
  return null;
}

/** A file whose path differs from the import only in upper/lower case ('./header' for Header.tsx). */
function caseInsensitiveMatch(
  files: ReadonlyMap<string, unknown>,
  candidate: string,
): string | null {
  const options = [candidate, ...IMPORT_EXTENSIONS.map((extension) => candidate + extension)].map(
    (option) => option.toLowerCase(),
  );
  for (const file of files.keys()) {
    if (options.includes(file.toLowerCase())) return file;
  }
  return null;
}

function relativeSpecifier(fromFile: string, toFile: string): string {
  const relative = path.posix
    .relative(path.posix.dirname(fromFile), toFile)
    .replace(/\.(tsx?|jsx?)$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function failure(text: string): esbuild.OnResolveResult {
  return { errors: [{ text }] };
}

/**
 * Resolves one import of a project file: a project file (in `namespace`), an external runtime
 * package or web URL, or an error that says what to do instead.
 */
export function resolveImport(
  files: ReadonlyMap<string, unknown>,
  args: esbuild.OnResolveArgs,
  namespace: string,
): esbuild.OnResolveResult {
  const specifier = args.path;
  const importer = args.importer;
  const cleaned = specifier.split(/[?#]/)[0];
  const isUrl = /^([a-z][a-z0-9+.-]*:\/\/|\/\/|data:)/i.test(specifier);
  const isAsset = args.kind === 'url-token' || args.kind === 'import-rule';

  if (isUrl) {
    // Stylesheets may point at fonts and images on the web; code may not import from it.
    if (isAsset) return { external: true };
    return failure(
      `Importing code from a URL ('${specifier}') is not supported. Import project files or these packages: ${availablePackages()}.`,
    );
  }

  let candidate: string | null = null;
  if (
    cleaned.startsWith('./') ||
    cleaned.startsWith('../') ||
    cleaned === '.' ||
    cleaned === '..'
  ) {
    candidate = path.posix.normalize(path.posix.join(path.posix.dirname(importer), cleaned));
  } else if (cleaned.startsWith('/')) {
    candidate = cleaned.slice(1);
    // In stylesheets, '/logo.png' is a file of the public folder, served as it is.
    if (isAsset && !resolveFile(files, candidate)) return { external: true };
  } else if (cleaned.startsWith('@/')) {
    candidate = `src/${cleaned.slice(2)}`;
  }

  if (candidate !== null) {
    if (candidate === '..' || candidate.startsWith('../')) {
      return failure(
        `'${specifier}' points outside the project. Import files inside it, like './components/Layout'.`,
      );
    }
    const found = resolveFile(files, candidate.replace(/\/$/, ''));
    if (found) return { path: found, namespace };
    if (args.kind === 'url-token') return { external: true };
    const similar = caseInsensitiveMatch(files, candidate);
    const hint = similar
      ? ` Did you mean '${relativeSpecifier(importer, similar)}'? Paths are case-sensitive.`
      : ' Create the file, or fix the import.';
    return failure(
      `Cannot find '${specifier}': there is no project file ${candidate} (nor with .tsx, .ts, .jsx, .js, .json or .css, nor ${candidate}/index.tsx).${hint}`,
    );
  }

  // A runtime package, or a file of a bundled one ('lucide-react/icons/heart').
  const bundledFile = BUNDLED_RUNTIME_PACKAGES.some((name) => cleaned.startsWith(`${name}/`));
  if (RUNTIME_PACKAGES.includes(cleaned) || bundledFile) return { path: cleaned, external: true };
  const name = packageName(cleaned);
  const builtin = cleaned.startsWith('node:') || NODE_BUILTINS.includes(name);
  const hint = builtin
    ? ' The app runs in the browser, so Node built-ins are not available.'
    : PACKAGE_HINTS[name]
      ? ` ${PACKAGE_HINTS[name]}`
      : ' Write the code yourself in a project file instead.';
  const what = RUNTIME_PACKAGES.includes(name)
    ? `'${cleaned}' is not available`
    : `Package '${name}' is not available`;
  return failure(
    `${what} in a Mason app. The packages that exist are: ${availablePackages()}.${hint}`,
  );
}

const LOADERS: Readonly<Record<string, esbuild.Loader>> = {
  '.tsx': 'tsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.jsx': 'jsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.json': 'json',
  '.css': 'css',
  '.txt': 'text',
  '.md': 'text',
  '.html': 'text',
};

/**
 * A stylesheet written for Tailwind (plain or a CSS module): its text, to compile with
 * sharedTailwind; null for any other file.
 */
export function tailwindStylesheet(filePath: string, contents: string | Uint8Array): string | null {
  const loader = loaderFor(filePath, 'file');
  if (loader !== 'css' && loader !== 'local-css') return null;
  const css = textOf(contents);
  return usesTailwind(css) ? css : null;
}

/**
 * A stylesheet written for Tailwind as esbuild loads it: compiled with the classes of `files`,
 * its errors shown at `file` (the path as the build names it).
 */
export function loadTailwindStylesheet(
  files: ReadonlyMap<string, string | Uint8Array>,
  filePath: string,
  css: string,
  file: string,
): Promise<esbuild.OnLoadResult> {
  return sharedTailwind.load(filePath, css, files, {
    file,
    loader: loaderFor(filePath, 'file') === 'local-css' ? 'local-css' : 'css',
  });
}

/**
 * A project file as esbuild loads it, unchanged: code by its extension, and anything else
 * (images, fonts, …) as a file of its own; a Tailwind stylesheet compiled.
 */
export function loadSourceFile(
  files: ReadonlyMap<string, string | Uint8Array>,
  filePath: string,
  namespace: string,
): esbuild.OnLoadResult | Promise<esbuild.OnLoadResult> {
  const contents = files.get(filePath);
  if (contents === undefined)
    return { errors: [{ text: `There is no project file ${filePath}.` }] };
  const css = tailwindStylesheet(filePath, contents);
  if (css !== null) return loadTailwindStylesheet(files, filePath, css, `${namespace}:${filePath}`);
  return { contents, loader: loaderFor(filePath, 'file') };
}

/** The loader of a project file; `fallback` for assets (images, fonts, …). */
export function loaderFor(file: string, fallback: esbuild.Loader): esbuild.Loader {
  if (file.endsWith('.module.css')) return 'local-css';
  return LOADERS[path.posix.extname(file).toLowerCase()] ?? fallback;
}

/** esbuild's columns count bytes of the line; a Diagnostic counts characters, from 1. */
function characterColumn(location: esbuild.Location): number {
  const prefix = Buffer.from(location.lineText, 'utf8')
    .subarray(0, location.column)
    .toString('utf8');
  return prefix.length + 1;
}

/** An esbuild message as a Diagnostic, located in a project file (loaded in `namespace`). */
export function toDiagnostic(
  message: esbuild.Message,
  severity: Diagnostic['severity'],
  files: ReadonlyMap<string, unknown>,
  namespace: string,
): Diagnostic {
  const location = message.location;
  const file = location?.file.startsWith(`${namespace}:`)
    ? location.file.slice(namespace.length + 1)
    : null;
  return {
    severity,
    file: file !== null && files.has(file) ? file : null,
    line: location ? location.line : null,
    column: location ? characterColumn(location) : null,
    message: message.text,
  };
}
