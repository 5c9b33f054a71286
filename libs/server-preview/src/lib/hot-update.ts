import { SHARED_RUNTIME_PACKAGES, loaderFor } from '@mason/server-workspace';
import * as esbuild from 'esbuild';
import {
  DEFAULT_PREVIEW_ENTRY,
  PREVIEW_NAMESPACE,
  everyPathBut,
  loadProjectFile,
  resolveProjectImport,
  sharedTransforms,
} from './build-preview';
import { HOT_GLOBAL, NOT_HOT } from './hot-registration';
import { quickHotUpdate } from './hot-update-quick';
import type { ScriptLoader, TransformCache } from './module-transform';
import type { HotUpdate, HotUpdateKind, PreviewFiles } from './types';

const ENTRY_NAMESPACE = 'mason-hot-entry';
/** A module the page already runs, reached through the hot runtime. */
const LIVE_NAMESPACE = 'mason-hot-live';
/** A stylesheet the page already has. */
const EMPTY_NAMESPACE = 'mason-hot-empty';
const SCRIPT_LOADERS = new Set<esbuild.Loader>(['tsx', 'jsx', 'ts', 'js']);
const NOT_SHARED = everyPathBut(SHARED_RUNTIME_PACKAGES);

export interface HotUpdateOptions {
  readonly entry?: string;
  readonly transforms?: TransformCache;
  /** The app's import.meta.env (viteEnv), as the build of `next` has it. */
  readonly define?: Readonly<Record<string, string>>;
}

function sameContents(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined) {
  if (a === b) return true;
  if (a === undefined || b === undefined || typeof a === 'string' || typeof b === 'string')
    return false;
  return Buffer.from(a).equals(Buffer.from(b));
}

const reload = (reason: string): HotUpdate => ({ ok: false, reason });

/** `export { __0 as "name" }` for every export of a live module. */
function liveModuleSource(filePath: string, exports: readonly string[]): string {
  const lines = [`const m = globalThis.${HOT_GLOBAL}.exports(${JSON.stringify(filePath)});`];
  exports.forEach((name, index) => {
    lines.push(`const e${index} = m[${JSON.stringify(name)}];`);
    lines.push(`export { e${index} as ${JSON.stringify(name)} };`);
  });
  return lines.join('\n');
}

/**
 * The update that moves a page from the build of `shown` to the build of `next` without a
 * reload: an ES module holding the changed modules (tagged and registered
 * like a build's), whose imports of unchanged modules bind to the ones the page runs (through
 * the hot runtime) and whose components React Fast Refresh then swaps in. Only when every
 * changed file is a module whose exports are all components (added modules may be anything) or
 * a stylesheet (not a CSS module: `restyle` says the page's stylesheet is replaced), no page,
 * entry or package file changed, no module went away, no changed module
 * lost an export or changed its stylesheets, and it all builds; otherwise the reason to reload.
 * One changed component module is compiled on its own when it can be (quickHotUpdate), at once.
 * Its kind says whether the page keeps its state ('refresh': only markup and stylesheets
 * changed) or starts the app afresh ('remount'), see HotUpdateKind.
 */
export async function buildHotUpdate(
  shown: PreviewFiles,
  next: PreviewFiles,
  options: HotUpdateOptions = {},
): Promise<HotUpdate> {
  const entry = options.entry ?? DEFAULT_PREVIEW_ENTRY;
  const transforms = options.transforms ?? sharedTransforms;
  const changed = new Set<string>();
  const updated: string[] = [];
  for (const filePath of new Set([...shown.keys(), ...next.keys()])) {
    if (!sameContents(shown.get(filePath), next.get(filePath))) changed.add(filePath);
  }
  const moduleOf = (files: PreviewFiles, filePath: string) => {
    const contents = files.get(filePath);
    const loader = loaderFor(filePath, 'dataurl');
    return typeof contents === 'string' && SCRIPT_LOADERS.has(loader)
      ? transforms.transform(contents, filePath, loader as ScriptLoader)
      : null;
  };
  // A plain stylesheet that changed is swapped in whole (restyle): no reload for it.
  let restyle = false;
  // State is kept only when every changed module differs in its markup alone (see HotUpdateKind).
  let kind: HotUpdateKind = 'refresh';
  for (const filePath of changed) {
    if (filePath === entry) return reload(`The entry ${filePath} changed.`);
    if (next.has(filePath) && shown.has(filePath) && loaderFor(filePath, 'dataurl') === 'css') {
      restyle = true;
      continue;
    }
    const before = shown.has(filePath) ? moduleOf(shown, filePath) : null;
    const after = moduleOf(next, filePath);
    if (!next.has(filePath)) return reload(`${filePath} was deleted.`);
    if (!after) return reload(`${filePath} is not a script module.`);
    if (after.info === NOT_HOT) return reload(`${filePath} does not parse.`);
    const stylesheets = (info: { stylesheets: readonly string[] }) =>
      [...info.stylesheets].sort().join('\n');
    if (!before) {
      if (shown.has(filePath)) return reload(`${filePath} was not a script module.`);
      // An added module: only a changed one can import it, so it may hold anything.
      if (after.info.stylesheets.length > 0) return reload(`${filePath} brings a stylesheet.`);
      kind = 'remount';
      continue;
    }
    if (!after.info.componentsOnly)
      return reload(`${filePath} exports something else than components.`);
    if (stylesheets(after.info) !== stylesheets(before.info))
      return reload(`${filePath} imports other stylesheets.`);
    const lost = before.info.exports.filter((name) => !after.info.exports.includes(name));
    if (lost.length > 0) return reload(`${filePath} no longer exports ${lost.join(', ')}.`);
    if (after.info.stateKey !== before.info.stateKey) kind = 'remount';
    updated.push(filePath);
  }
  const [only] = updated;
  if (only !== undefined && changed.size === 1) {
    const module = moduleOf(next, only);
    const loader = loaderFor(only, 'dataurl') as ScriptLoader;
    const js =
      module &&
      quickHotUpdate(only, loader, module, next, (target) => moduleOf(next, target), {
        ...options.define,
      });
    if (js) return { ok: true, js, restyle: false, kind };
  }

  const plugin: esbuild.Plugin = {
    name: 'mason-hot-update',
    setup(build) {
      build.onResolve({ filter: NOT_SHARED }, async (args) => {
        if (args.kind === 'entry-point') return { path: 'updated', namespace: ENTRY_NAMESPACE };
        if (args.namespace === ENTRY_NAMESPACE)
          return { path: args.path.slice(1), namespace: PREVIEW_NAMESPACE };
        if (args.namespace !== PREVIEW_NAMESPACE) return undefined;
        const resolved = await resolveProjectImport(build, next, args);
        if (resolved?.namespace !== PREVIEW_NAMESPACE || !resolved.path) return resolved;
        const target = resolved.path;
        if (changed.has(target)) return resolved;
        // Its rules are on the page already (a CSS module's class names are built again).
        if (loaderFor(target, 'dataurl') === 'css')
          return { path: target, namespace: EMPTY_NAMESPACE };
        const live = moduleOf(next, target);
        if (!live) return resolved;
        if (!live.info.registered)
          return { errors: [{ text: `${target} cannot be reached in the running page.` }] };
        return { path: target, namespace: LIVE_NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({
        contents: updated.map((filePath) => `import ${JSON.stringify(`/${filePath}`)};`).join('\n'),
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: PREVIEW_NAMESPACE }, (args) =>
        loadProjectFile(next, args.path, transforms, null),
      );
      build.onLoad({ filter: /.*/, namespace: LIVE_NAMESPACE }, (args) => ({
        contents: liveModuleSource(args.path, moduleOf(next, args.path)?.info.exports ?? []),
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: EMPTY_NAMESPACE }, () => ({
        contents: '',
        loader: 'js',
      }));
    },
  };
  try {
    const result = await esbuild.build({
      entryPoints: ['updated'],
      bundle: true,
      write: false,
      logLevel: 'silent',
      outdir: '/mason-hot',
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      charset: 'utf8',
      external: [...SHARED_RUNTIME_PACKAGES],
      define: { ...options.define, 'process.env.NODE_ENV': '"development"' },
      plugins: [plugin],
    });
    const js = result.outputFiles.find((output) => output.path.endsWith('.js'))?.text ?? '';
    return { ok: true, js, restyle, kind };
  } catch (error) {
    const failure = error as Partial<esbuild.BuildFailure>;
    if (!Array.isArray(failure.errors)) throw error;
    return reload(`The update does not build: ${failure.errors[0]?.text ?? 'unknown error'}`);
  }
}
