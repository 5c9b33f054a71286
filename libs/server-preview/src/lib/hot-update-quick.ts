import { SHARED_RUNTIME_PACKAGES, resolveImport } from '@mason/server-workspace';
import * as esbuild from 'esbuild';
import { PREVIEW_NAMESPACE } from './build-preview';
import { HOT_GLOBAL } from './hot-registration';
import type { ScriptLoader, TransformedModule } from './module-transform';
import type { PreviewFiles } from './types';

/** An import statement as esbuild prints a module: `import <clause> from "<source>";` or `import "<source>";`. */
const IMPORT_LINE = /^import\s*(?:(.*?)\s*from\s*)?"([^"\n]+)";$/gm;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** What an update run from a blob: URL cannot do the same way (relative URLs, import.meta). */
const NOT_QUICK = /\bimport\s*\(|\bimport\.meta\b|\brequire\s*\(/;

let warmed = false;

/** Starts esbuild's synchronous service ahead of the first update (it takes a while to start). */
export function warmQuickHotUpdates(): void {
  if (warmed) return;
  warmed = true;
  setImmediate(() => esbuild.transformSync('', { loader: 'js' }));
}

/**
 * `{ a, b as c, "d" as e }` → `{ a, b: c, "d": e }`; null when it is not that shape or names
 * something the module does not export.
 */
function destructuring(names: string, exports: readonly string[]): string | null {
  const inner = /^\{(.*)\}$/s.exec(names.trim())?.[1];
  if (inner === undefined) return null;
  const parts: string[] = [];
  for (const part of inner.split(',').map((item) => item.trim())) {
    if (part === '') continue;
    const [imported = '', local = imported, extra] = part.split(/\s+as\s+/);
    if (extra !== undefined || !IDENTIFIER.test(local)) return null;
    if (!IDENTIFIER.test(imported) && !/^"[^"]*"$/.test(imported)) return null;
    if (!exports.includes(imported.replace(/^"(.*)"$/, '$1'))) return null;
    parts.push(imported === local ? local : `${imported}: ${local}`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** The statements binding an import of a module the page runs, or null for a clause not known. */
function liveBinding(
  clause: string | undefined,
  target: string,
  exports: readonly string[],
): string | null {
  const module = `globalThis.${HOT_GLOBAL}.exports(${JSON.stringify(target)})`;
  if (clause === undefined) return ''; // `import "./x"`: it runs already.
  const namespace = /^\*\s*as\s+([A-Za-z_$][\w$]*)$/.exec(clause)?.[1];
  if (namespace) return `const ${namespace} = ${module};`;
  const [, defaultName, rest] = /^([A-Za-z_$][\w$]*)\s*(?:,\s*(.*))?$/s.exec(clause) ?? [];
  const named = defaultName ? rest : clause;
  const lines: string[] = [];
  if (defaultName && !exports.includes('default')) return null;
  if (defaultName) lines.push(`const ${defaultName} = ${module}["default"];`);
  if (named !== undefined) {
    const pattern = destructuring(named, exports);
    if (pattern === null) return null;
    lines.push(`const ${pattern} = ${module};`);
  }
  return lines.join(' ');
}

/**
 * The hot update for one changed module made at once, without bundling (buildHotUpdate's quick
 * path): the module's transformed code compiled by esbuild's transform, its imports of shared
 * packages left to the import map, and its imports of the project's modules bound to the ones
 * the page runs (through the hot runtime). Null when it cannot be made so (an import of a
 * stylesheet, a bundled package, an unchanged module the runtime cannot reach, a dynamic
 * import, import.meta): the bundling path makes it then. Synchronous, so a busy server (a
 * version being stored) does not delay it.
 */
export function quickHotUpdate(
  filePath: string,
  loader: ScriptLoader,
  module: TransformedModule,
  next: PreviewFiles,
  moduleOf: (filePath: string) => TransformedModule | null,
  define: Readonly<Record<string, string>>,
): string | null {
  if (module.info.stylesheets.length > 0 || !module.info.registered) return null;
  let code: string;
  try {
    code = esbuild.transformSync(module.code, {
      loader,
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      charset: 'utf8',
      sourcefile: filePath,
      define: { ...define, 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
    }).code;
  } catch {
    return null;
  }
  if (NOT_QUICK.test(code)) return null;
  let quick = true;
  const rewritten = code.replace(
    IMPORT_LINE,
    (line, clause: string | undefined, source: string) => {
      if (SHARED_RUNTIME_PACKAGES.includes(source)) return line;
      const resolved = resolveImport(
        next,
        {
          path: source,
          importer: filePath,
          kind: 'import-statement',
          namespace: PREVIEW_NAMESPACE,
          resolveDir: '',
          pluginData: undefined,
          with: {},
        },
        PREVIEW_NAMESPACE,
      );
      const target = resolved.namespace === PREVIEW_NAMESPACE ? resolved.path : undefined;
      const live = target && target !== filePath ? moduleOf(target) : null;
      const binding =
        target && live?.info.registered ? liveBinding(clause, target, live.info.exports) : null;
      if (binding === null) quick = false;
      return binding ?? line;
    },
  );
  // Every import left must be a shared package's (the import map finds it).
  if (!quick) return null;
  for (const [, , source] of rewritten.matchAll(IMPORT_LINE))
    if (!SHARED_RUNTIME_PACKAGES.includes(source as string)) return null;
  // An import statement printed otherwise (over several lines) is not one this path knows.
  if (/^\s*import\b/m.test(rewritten.replace(IMPORT_LINE, ''))) return null;
  return rewritten;
}
