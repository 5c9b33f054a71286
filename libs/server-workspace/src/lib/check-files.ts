import path from 'node:path';
import * as esbuild from 'esbuild';
import { FilePathError } from './errors';
import { normalizeProjectPath } from './paths';
import { RUNTIME_PACKAGES } from './template';
import type { Diagnostic } from './types';

const NAMESPACE = 'mason-project';
/** What an import without an extension may mean, in Vite's order. */
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '.css'];
const INDEX_FILES = ['index.tsx', 'index.ts', 'index.jsx', 'index.js'];
/** Used when there is no index.html (or it names no module script). */
const DEFAULT_ENTRIES = ['src/main.tsx', 'src/main.ts', 'src/main.jsx', 'src/main.js'];
/** More than this many problems are summed up in one line: the first ones matter most. */
const MAX_DIAGNOSTICS = 50;

/** Words for the packages a model commonly reaches for that a Mason app does not have. */
const PACKAGE_HINTS: Readonly<Record<string, string>> = {
  'react-router-dom':
    "Import from 'react-router' instead: it has BrowserRouter, Routes, Route, Link, NavLink and the hooks.",
  axios: 'Use the browser’s fetch instead.',
  'node-fetch': 'Use the browser’s fetch instead.',
};

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

function loaderFor(file: string): esbuild.Loader {
  if (file.endsWith('.module.css')) return 'local-css';
  return LOADERS[path.posix.extname(file).toLowerCase()] ?? 'file';
}

/** The packages list, for messages. */
function availablePackages(): string {
  return RUNTIME_PACKAGES.join(', ');
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The project file an import means (Vite's rules: exact, with an extension, or a folder index). */
function resolveFile(files: ReadonlyMap<string, unknown>, candidate: string): string | null {
  if (files.has(candidate)) return candidate;
  for (const extension of EXTENSIONS) {
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
  const options = [candidate, ...EXTENSIONS.map((extension) => candidate + extension)].map(
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

/** The entry module: index.html's module script, else src/main.tsx (or .ts, .jsx, .js). */
function findEntry(
  files: ReadonlyMap<string, string | Uint8Array>,
): { entry: string } | { diagnostic: Diagnostic } {
  const html = files.get('index.html');
  if (typeof html === 'string') {
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1]);
    const module = scripts.find(
      (attributes) =>
        /\btype\s*=\s*["']?module\b/i.test(attributes) && /\bsrc\s*=/i.test(attributes),
    );
    const src = module?.match(/\bsrc\s*=\s*["']([^"']+)["']/i)?.[1];
    if (src && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) {
      const line = html.slice(0, html.indexOf(src)).split('\n').length;
      let entry: string;
      try {
        entry = normalizeProjectPath(src.replace(/^\//, '').split(/[?#]/)[0]);
      } catch (error) {
        if (!(error instanceof FilePathError)) throw error;
        return {
          diagnostic: {
            severity: 'error',
            file: 'index.html',
            line,
            column: null,
            message: `The module script's src is not a project file: ${error.message}`,
          },
        };
      }
      if (files.has(entry)) return { entry };
      return {
        diagnostic: {
          severity: 'error',
          file: 'index.html',
          line,
          column: null,
          message: `index.html loads ${src}, but there is no file ${entry}. Create it, or point the <script type="module"> tag at the app's entry (usually /src/main.tsx).`,
        },
      };
    }
  }
  const entry = DEFAULT_ENTRIES.find((candidate) => files.has(candidate));
  if (entry) return { entry };
  return {
    diagnostic: {
      severity: 'error',
      file: null,
      line: null,
      column: null,
      message:
        'The app has no entry point: index.html has no <script type="module" src="/src/main.tsx"> and there is no src/main.tsx. Create src/main.tsx that renders the app with createRoot.',
    },
  };
}

function projectPlugin(files: ReadonlyMap<string, string | Uint8Array>): esbuild.Plugin {
  return {
    name: 'mason-project',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE };
        const specifier = args.path;
        const importer = args.importer;
        const cleaned = specifier.split(/[?#]/)[0];
        const isUrl = /^([a-z][a-z0-9+.-]*:\/\/|\/\/|data:)/i.test(specifier);
        const isAsset = args.kind === 'url-token' || args.kind === 'import-rule';

        if (isUrl) {
          // Stylesheets may point at fonts and images on the web; code may not import from it.
          if (isAsset) return { external: true };
          return {
            errors: [
              {
                text: `Importing code from a URL ('${specifier}') is not supported. Import project files or these packages: ${availablePackages()}.`,
              },
            ],
          };
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
            return {
              errors: [
                {
                  text: `'${specifier}' points outside the project. Import files inside it, like './components/Layout'.`,
                },
              ],
            };
          }
          const found = resolveFile(files, candidate.replace(/\/$/, ''));
          if (found) return { path: found, namespace: NAMESPACE };
          if (args.kind === 'url-token') return { external: true };
          const similar = caseInsensitiveMatch(files, candidate);
          const hint = similar
            ? ` Did you mean '${relativeSpecifier(importer, similar)}'? Paths are case-sensitive.`
            : ' Create the file, or fix the import.';
          return {
            errors: [
              {
                text: `Cannot find '${specifier}': there is no project file ${candidate} (nor with .tsx, .ts, .jsx, .js, .json or .css, nor ${candidate}/index.tsx).${hint}`,
              },
            ],
          };
        }

        if (RUNTIME_PACKAGES.includes(cleaned)) return { path: cleaned, external: true };
        const name = packageName(cleaned);
        const builtin =
          cleaned.startsWith('node:') ||
          [
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
          ].includes(name);
        const hint = builtin
          ? ' The app runs in the browser, so Node built-ins are not available.'
          : PACKAGE_HINTS[name]
            ? ` ${PACKAGE_HINTS[name]}`
            : ' Write the code yourself in a project file instead.';
        const what = RUNTIME_PACKAGES.includes(name)
          ? `'${cleaned}' is not available`
          : `Package '${name}' is not available`;
        return {
          errors: [
            {
              text: `${what} in a Mason app. The packages that exist are: ${availablePackages()}.${hint}`,
            },
          ],
        };
      });

      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = files.get(args.path);
        if (contents === undefined)
          return { errors: [{ text: `There is no project file ${args.path}.` }] };
        return { contents, loader: loaderFor(args.path) };
      });
    },
  };
}

/** esbuild's columns count bytes of the line; a Diagnostic counts characters, from 1. */
function characterColumn(location: esbuild.Location): number {
  const prefix = Buffer.from(location.lineText, 'utf8')
    .subarray(0, location.column)
    .toString('utf8');
  return prefix.length + 1;
}

function toDiagnostic(
  message: esbuild.Message,
  severity: Diagnostic['severity'],
  files: ReadonlyMap<string, unknown>,
): Diagnostic {
  const location = message.location;
  const file = location?.file.startsWith(`${NAMESPACE}:`)
    ? location.file.slice(NAMESPACE.length + 1)
    : null;
  return {
    severity,
    file: file !== null && files.has(file) ? file : null,
    line: location ? location.line : null,
    column: location ? characterColumn(location) : null,
    message: message.text,
  };
}

function packageJsonDiagnostics(files: ReadonlyMap<string, string | Uint8Array>): Diagnostic[] {
  const packageJson = files.get('package.json');
  if (typeof packageJson !== 'string') return [];
  try {
    JSON.parse(packageJson);
    return [];
  } catch (error) {
    return [
      {
        severity: 'error',
        file: 'package.json',
        line: null,
        column: null,
        message: `package.json is not valid JSON: ${(error as Error).message}`,
      },
    ];
  }
}

/**
 * Compiles a project's files in memory with esbuild, the way the preview bundles them: from
 * index.html's module script (or src/main.tsx), project imports resolved among `files`, the
 * RUNTIME_PACKAGES left to the runtime, CSS imports loaded. Answers the syntax errors, missing
 * files and exports, and unavailable packages, located by file, line and column (1-based); an
 * empty list means the app builds. Type errors are not checked (esbuild does not type-check).
 */
export async function checkFiles(
  files: ReadonlyMap<string, string | Uint8Array>,
): Promise<Diagnostic[]> {
  const diagnostics = packageJsonDiagnostics(files);
  const found = findEntry(files);
  if ('diagnostic' in found) return [...diagnostics, found.diagnostic];
  let errors: esbuild.Message[] = [];
  let warnings: esbuild.Message[] = [];
  try {
    const result = await esbuild.build({
      entryPoints: [found.entry],
      bundle: true,
      write: false,
      logLevel: 'silent',
      outdir: '/mason-check',
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      splitting: false,
      sourcemap: false,
      plugins: [projectPlugin(files)],
    });
    warnings = result.warnings;
  } catch (error) {
    const failure = error as Partial<esbuild.BuildFailure>;
    if (!Array.isArray(failure.errors)) throw error;
    errors = failure.errors;
    warnings = failure.warnings ?? [];
  }
  const all = [
    ...diagnostics,
    ...errors.map((message) => toDiagnostic(message, 'error', files)),
    ...warnings.map((message) => toDiagnostic(message, 'warning', files)),
  ];
  if (all.length <= MAX_DIAGNOSTICS) return all;
  return [
    ...all.slice(0, MAX_DIAGNOSTICS),
    {
      severity: 'error',
      file: null,
      line: null,
      column: null,
      message: `${all.length - MAX_DIAGNOSTICS} more problems are not listed; fix these first and check again.`,
    },
  ];
}
