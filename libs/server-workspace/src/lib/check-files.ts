import * as esbuild from 'esbuild';
import { FilePathError } from './errors';
import { normalizeProjectPath } from './paths';
import { loadSourceFile, resolveImport, toDiagnostic } from './project-resolution';
import type { Diagnostic } from './types';

const NAMESPACE = 'mason-project';
/** Used when there is no index.html (or it names no module script). */
const DEFAULT_ENTRIES = ['src/main.tsx', 'src/main.ts', 'src/main.jsx', 'src/main.js'];
/** More than this many problems are summed up in one line: the first ones matter most. */
const MAX_DIAGNOSTICS = 50;

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
      build.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'entry-point'
          ? { path: args.path, namespace: NAMESPACE }
          : resolveImport(files, args, NAMESPACE),
      );

      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) =>
        loadSourceFile(files, args.path, NAMESPACE),
      );
    },
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
    ...errors.map((message) => toDiagnostic(message, 'error', files, NAMESPACE)),
    ...warnings.map((message) => toDiagnostic(message, 'warning', files, NAMESPACE)),
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
