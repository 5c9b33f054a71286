import {
  BUNDLED_RUNTIME_PACKAGES,
  SHARED_RUNTIME_PACKAGES,
  loaderFor,
  resolveImport,
  toDiagnostic,
  type Diagnostic,
} from '@mason/server-workspace';
import * as esbuild from 'esbuild';
import { PreviewSyntaxError } from './errors';
import { directLucideImports } from './lucide-imports';
import { tagJsxSource } from './tag-jsx-source';
import type { BuildPreviewOptions, PreviewBuild, PreviewFiles } from './types';

const NAMESPACE = 'mason-preview';
const OUT_DIR = '/mason-preview';
export const DEFAULT_PREVIEW_ENTRY = 'src/main.tsx';
/** More than this many problems are summed up in one line: the first ones matter most. */
const MAX_DIAGNOSTICS = 50;

/** Marks the plugin's own build.resolve calls, so they are not handled by the plugin again. */
const BUNDLED = Symbol('bundled runtime package');

/** 'lucide-react' and its subpaths ('lucide-react/icons/heart'). */
function isBundledPackage(specifier: string): boolean {
  return BUNDLED_RUNTIME_PACKAGES.some(
    (name) => specifier === name || specifier.startsWith(`${name}/`),
  );
}

function previewPlugin(files: PreviewFiles, untagged: Diagnostic[]): esbuild.Plugin {
  return {
    name: 'mason-preview',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE };
        // One React per page: the shared packages stay bare imports, also inside bundled ones.
        if (SHARED_RUNTIME_PACKAGES.includes(args.path)) return { path: args.path, external: true };
        // Inside a bundled package, and for the plugin's own lookups below: Node's resolution.
        if (args.namespace !== NAMESPACE || args.pluginData === BUNDLED) return undefined;
        if (isBundledPackage(args.path)) {
          // A bundled package resolves in Mason's own node_modules (the server's folder).
          const found = await build.resolve(args.path, {
            kind: args.kind,
            resolveDir: process.cwd(),
            pluginData: BUNDLED,
          });
          return found.errors.length > 0 ? { errors: found.errors } : found;
        }
        return resolveImport(files, args, NAMESPACE);
      });

      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = files.get(args.path);
        if (contents === undefined)
          return { errors: [{ text: `There is no project file ${args.path}.` }] };
        // Images, fonts and other assets become data: URLs, so one js and one css file are the app.
        const loader = loaderFor(args.path, 'dataurl');
        if ((loader === 'tsx' || loader === 'jsx') && typeof contents === 'string') {
          try {
            return { contents: directLucideImports(tagJsxSource(contents, args.path)), loader };
          } catch (error) {
            if (!(error instanceof PreviewSyntaxError)) throw error;
            // esbuild reports the syntax error itself, in the same words as the agent's check;
            // should esbuild accept what Babel refused, the build says why nothing is selectable.
            untagged.push({
              ...error.diagnostic,
              severity: 'warning',
              message: `Elements of ${args.path} cannot be selected in the preview: ${error.diagnostic.message}`,
            });
          }
        }
        if (
          typeof contents === 'string' &&
          (loader === 'ts' || loader === 'tsx' || loader === 'jsx' || loader === 'js')
        ) {
          return { contents: directLucideImports(contents), loader };
        }
        return { contents, loader };
      });
    },
  };
}

function capped(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS) return diagnostics;
  return [
    ...diagnostics.slice(0, MAX_DIAGNOSTICS),
    {
      severity: diagnostics.some((diagnostic) => diagnostic.severity === 'error')
        ? 'error'
        : 'warning',
      file: null,
      line: null,
      column: null,
      message: `${diagnostics.length - MAX_DIAGNOSTICS} more problems are not listed; fix these first and build again.`,
    },
  ];
}

/**
 * Bundles a project's files for the live preview, in memory: from `options.entry` (default
 * src/main.tsx), project imports resolved among `files` (relative, folder index, '@/' for src/),
 * every .tsx/.jsx element tagged with its source (tagJsxSource), stylesheets bundled into `css`,
 * assets inlined as data: URLs, and the RUNTIME_PACKAGES left as bare imports for the preview
 * host's import map. A failed build answers its errors as diagnostics (file, line, column,
 * message), never a throw.
 */
export async function buildPreview(
  files: PreviewFiles,
  options: BuildPreviewOptions = {},
): Promise<PreviewBuild> {
  const entry = options.entry ?? DEFAULT_PREVIEW_ENTRY;
  if (!files.has(entry)) {
    return {
      ok: false,
      diagnostics: [
        {
          severity: 'error',
          file: null,
          line: null,
          column: null,
          message: `The app has no entry point: there is no file ${entry}. Create it and render the app from it with createRoot.`,
        },
      ],
    };
  }
  const untagged: Diagnostic[] = [];
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await esbuild.build({
      entryPoints: { app: entry },
      bundle: true,
      write: false,
      logLevel: 'silent',
      outdir: OUT_DIR,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      splitting: false,
      sourcemap: false,
      charset: 'utf8',
      // Bundled packages read it; the preview runs React's development build (clearer errors).
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [previewPlugin(files, untagged)],
    });
  } catch (error) {
    const failure = error as Partial<esbuild.BuildFailure>;
    if (!Array.isArray(failure.errors)) throw error;
    return {
      ok: false,
      diagnostics: capped([
        ...failure.errors.map((message) => toDiagnostic(message, 'error', files, NAMESPACE)),
        ...(failure.warnings ?? []).map((message) =>
          toDiagnostic(message, 'warning', files, NAMESPACE),
        ),
      ]),
    };
  }
  let js = '';
  let css = '';
  for (const output of result.outputFiles) {
    if (output.path.endsWith('.js')) js = output.text;
    else if (output.path.endsWith('.css')) css = output.text;
  }
  return {
    ok: true,
    js,
    css,
    diagnostics: capped([
      ...untagged,
      ...result.warnings.map((message) => toDiagnostic(message, 'warning', files, NAMESPACE)),
    ]),
  };
}
