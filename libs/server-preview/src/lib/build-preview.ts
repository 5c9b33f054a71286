import {
  BUNDLED_RUNTIME_PACKAGES,
  SHARED_RUNTIME_PACKAGES,
  loaderFor,
  resolveImport,
  loadTailwindStylesheet,
  tailwindStylesheet,
  toDiagnostic,
  type Diagnostic,
} from '@mason/server-workspace';
import * as esbuild from 'esbuild';
import { HOT_RUNTIME_SPECIFIER } from './hot-registration';
import { TransformCache, type ScriptLoader } from './module-transform';
import type { BuildPreviewOptions, PreviewBuild, PreviewFiles } from './types';

export const PREVIEW_NAMESPACE = 'mason-preview';
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

/**
 * A pattern (esbuild's Go syntax: no lookahead) for every import path except exactly these.
 * The shared runtime packages are left to esbuild's own `external`, so the many imports of
 * 'react/jsx-runtime' never wait on the plugin: a rebuild then costs what esbuild alone costs.
 */
export function everyPathBut(paths: readonly string[]): RegExp {
  interface Trie {
    end: boolean;
    readonly next: Map<string, Trie>;
  }
  const root: Trie = { end: false, next: new Map() };
  for (const word of paths) {
    let node = root;
    for (const character of word) {
      let child = node.next.get(character);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(character, child);
      }
      node = child;
    }
    node.end = true;
  }
  const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  const alternatives: string[] = [];
  const walk = (node: Trie, prefix: string) => {
    if (node.next.size === 0) {
      alternatives.push(`${prefix}.`);
      return;
    }
    alternatives.push(`${prefix}[^${[...node.next.keys()].map(escape).join('')}]`);
    if (!node.end) alternatives.push(`${prefix}$`);
    for (const [character, child] of node.next) walk(child, prefix + escape(character));
  };
  walk(root, '');
  return new RegExp(`^(?:${alternatives.join('|')})`);
}

const NOT_SHARED = everyPathBut(SHARED_RUNTIME_PACKAGES);
const SCRIPT_LOADERS = new Set<esbuild.Loader>(['tsx', 'jsx', 'ts', 'js']);

/** What one build reads: the files, swapped before each rebuild of a context. */
export interface BuildInput {
  files: PreviewFiles;
  /** Filled during the build: files whose elements cannot be selected. */
  untagged: Diagnostic[];
  /** Set during the build: a stylesheet it loaded was compiled by Tailwind. */
  tailwind: boolean;
}

/** Module transforms shared by every build of this process. */
export const sharedTransforms = new TransformCache();

/** A project file as esbuild loads it (script modules transformed, through `transforms`). */
export function loadProjectFile(
  files: PreviewFiles,
  filePath: string,
  transforms: TransformCache,
  untagged: Diagnostic[] | null,
): esbuild.OnLoadResult | Promise<esbuild.OnLoadResult> {
  const contents = files.get(filePath);
  if (contents === undefined)
    return { errors: [{ text: `There is no project file ${filePath}.` }] };
  // Images, fonts and other assets become data: URLs, so one js and one css file are the app.
  const loader = loaderFor(filePath, 'dataurl');
  const css = tailwindStylesheet(filePath, contents);
  if (css !== null)
    return loadTailwindStylesheet(files, filePath, css, `${PREVIEW_NAMESPACE}:${filePath}`);
  if (typeof contents === 'string' && SCRIPT_LOADERS.has(loader)) {
    const module = transforms.transform(contents, filePath, loader as ScriptLoader);
    if (module.warning && untagged) untagged.push(module.warning);
    return { contents: module.code, loader };
  }
  return { contents, loader };
}

/** Resolves an import of a project file (the project's, or a bundled package in Mason's node_modules). */
export async function resolveProjectImport(
  build: esbuild.PluginBuild,
  files: PreviewFiles,
  args: esbuild.OnResolveArgs,
): Promise<esbuild.OnResolveResult | undefined> {
  if (isBundledPackage(args.path)) {
    // A bundled package resolves in Mason's own node_modules (the server's folder).
    const found = await build.resolve(args.path, {
      kind: args.kind,
      resolveDir: process.cwd(),
      pluginData: BUNDLED,
    });
    return found.errors.length > 0 ? { errors: found.errors } : found;
  }
  return resolveImport(files, args, PREVIEW_NAMESPACE);
}

/** The preview's resolution and loading over `input`, which the caller may swap between builds. */
export function previewPlugin(input: BuildInput, transforms: TransformCache): esbuild.Plugin {
  return {
    name: 'mason-preview',
    setup(build) {
      build.onResolve({ filter: NOT_SHARED }, async (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: PREVIEW_NAMESPACE };
        // Inside a bundled package, and for the plugin's own lookups: Node's resolution.
        if (args.namespace !== PREVIEW_NAMESPACE || args.pluginData === BUNDLED) return undefined;
        return resolveProjectImport(build, input.files, args);
      });
      build.onLoad({ filter: /.*/, namespace: PREVIEW_NAMESPACE }, (args) => {
        const contents = input.files.get(args.path);
        if (contents !== undefined && tailwindStylesheet(args.path, contents) !== null)
          input.tailwind = true;
        return loadProjectFile(input.files, args.path, transforms, input.untagged);
      });
    },
  };
}

/** esbuild's options for a preview build, one-off or incremental. */
export function previewBuildOptions(
  entry: string,
  plugins: esbuild.Plugin[],
  define: Readonly<Record<string, string>> = {},
): esbuild.BuildOptions & { write: false } {
  return {
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
    // One React per page: the shared packages stay bare imports, also inside bundled ones.
    external: [...SHARED_RUNTIME_PACKAGES],
    // The hot runtime comes first, so it hooks into React before react-dom starts.
    banner: { js: `import ${JSON.stringify(HOT_RUNTIME_SPECIFIER)};` },
    // Bundled packages read NODE_ENV; the preview runs React's development build (clearer
    // errors). `define` adds the app's import.meta.env.
    define: { ...define, 'process.env.NODE_ENV': '"development"' },
    plugins,
  };
}

export function capped(diagnostics: Diagnostic[]): Diagnostic[] {
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

export function missingEntry(entry: string): PreviewBuild {
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

/** The build's outcome as a PreviewBuild: its output, or its errors as diagnostics. */
export async function settle(
  input: BuildInput,
  run: () => Promise<esbuild.BuildResult<{ write: false }>>,
): Promise<PreviewBuild> {
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await run();
  } catch (error) {
    const failure = error as Partial<esbuild.BuildFailure>;
    if (!Array.isArray(failure.errors)) throw error;
    return {
      ok: false,
      diagnostics: capped([
        ...failure.errors.map((message) =>
          toDiagnostic(message, 'error', input.files, PREVIEW_NAMESPACE),
        ),
        ...(failure.warnings ?? []).map((message) =>
          toDiagnostic(message, 'warning', input.files, PREVIEW_NAMESPACE),
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
    tailwind: input.tailwind,
    diagnostics: capped([
      ...input.untagged,
      ...result.warnings.map((message) =>
        toDiagnostic(message, 'warning', input.files, PREVIEW_NAMESPACE),
      ),
    ]),
  };
}

/**
 * Bundles a project's files for the live preview, in memory: from `options.entry` (default
 * src/main.tsx), project imports resolved among `files` (relative, folder index, '@/' for src/),
 * every .tsx/.jsx element tagged with its source (tagJsxSource), every module registered with
 * the hot runtime (registerHotModule), stylesheets bundled into `css`, assets inlined as data:
 * URLs, the RUNTIME_PACKAGES left as bare imports for the preview host's import map, and
 * `options.define` (the app's import.meta.env) substituted. A failed build answers its errors as diagnostics (file, line, column, message), never a throw.
 * One-off: PreviewBuilder rebuilds a project incrementally.
 */
export async function buildPreview(
  files: PreviewFiles,
  options: BuildPreviewOptions = {},
): Promise<PreviewBuild> {
  const entry = options.entry ?? DEFAULT_PREVIEW_ENTRY;
  if (!files.has(entry)) return missingEntry(entry);
  const input: BuildInput = { files, untagged: [], tailwind: false };
  return settle(input, () =>
    esbuild.build(
      previewBuildOptions(entry, [previewPlugin(input, sharedTransforms)], options.define),
    ),
  );
}
