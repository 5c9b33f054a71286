import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  IMPORT_EXTENSIONS,
  loaderFor,
  resolveImport,
  loadTailwindStylesheet,
  tailwindStylesheet,
} from '@mason/server-workspace';
import type * as esbuild from 'esbuild';
import { NAMESPACE, type SourceFiles } from './production-build';

// A kept project's files mirrored in a folder of its own, so that esbuild reads and resolves the
// project's relative imports and packages itself: a rebuild after a small edit then makes no
// plugin call per file (the plugin only sees '@/', '/' and URLs). What this path cannot promise,
// the plugin build does: any failure, and any import the plugin build refuses (refusedImports),
// is built again the plugin's way, whose answer (and error words) count.
/**
 * The imports the plugin resolves: '@/…' and '/…' (resolveImport's rules and words) and URLs.
 * Relative imports and packages esbuild resolves itself (packages from Mason's node_modules).
 */
const ROOTED_OR_URL = /^(@\/|\/|[a-zA-Z][a-zA-Z0-9+.-]*:)/;
const RELATIVE = /^\.\.?(\/|$)/;

/** Same bytes? (A rewrite of an unchanged file would only make esbuild read it again.) */
function sameContent(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (a === undefined || typeof a !== typeof b) return false;
  return typeof a === 'string' ? a === b : Buffer.from(a).equals(b as Uint8Array);
}

/** A project's files in a folder of the temp dir, brought up to date before each build. */
export class ProjectFolder {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'mason-publish-'));
  private written = new Map<string, string | Uint8Array>();

  /** Writes what changed since the last sync and removes what is gone. */
  async sync(files: SourceFiles): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const [file, content] of files) {
      if (sameContent(this.written.get(file), content)) continue;
      const target = this.pathOf(file);
      writes.push(
        mkdir(path.dirname(target), { recursive: true }).then(() => writeFile(target, content)),
      );
    }
    for (const file of this.written.keys()) {
      if (!files.has(file)) writes.push(rm(this.pathOf(file), { force: true }));
    }
    // Until every write is done, what is on disk is unknown: the next sync writes everything.
    this.written = new Map();
    await Promise.all(writes);
    this.written = new Map(files);
  }

  /** The folder's path of a project file (project paths never leave the project). */
  pathOf(file: string): string {
    const target = path.join(this.root, file);
    if (!target.startsWith(`${this.root}${path.sep}`))
      throw new Error(`Not a project path: ${file}`);
    return target;
  }

  /** The project path of a file in the folder, or null for a file outside it. */
  projectPathOf(absolute: string): string | null {
    const relative = path.relative(this.root, absolute);
    return relative.startsWith('..') || path.isAbsolute(relative)
      ? null
      : relative.split(path.sep).join('/');
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Resolves '@/…', '/…' and URLs of a project in a folder the way the plugin build does. */
function folderPlugin(folder: ProjectFolder, source: () => SourceFiles): esbuild.Plugin {
  return {
    name: 'mason-app-folder',
    setup(build) {
      build.onResolve({ filter: ROOTED_OR_URL }, (args) => {
        const importer = folder.projectPathOf(args.importer);
        if (args.kind === 'entry-point' || importer === null) return undefined;
        const resolved = resolveImport(source(), { ...args, importer }, NAMESPACE);
        return resolved.namespace === NAMESPACE && resolved.path
          ? { path: folder.pathOf(resolved.path) }
          : resolved;
      });
      // A Tailwind stylesheet is compiled with the project's classes; any other esbuild reads.
      build.onLoad({ filter: /\.css$/ }, (args) => {
        const file = folder.projectPathOf(args.path);
        const files = source();
        const stored = file === null ? undefined : files.get(file);
        const css = file === null || stored === undefined ? null : tailwindStylesheet(file, stored);
        return file === null || css === null
          ? undefined
          : loadTailwindStylesheet(files, file, css, file);
      });
    },
  };
}

/**
 * Where the plugin build finds packages (resolving from Mason's working directory): its
 * node_modules and those of the folders above, nearest first.
 */
function masonNodeModules(): string[] {
  const folders: string[] = [];
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (existsSync(candidate)) folders.push(candidate);
    if (path.dirname(dir) === dir) return folders;
  }
}

/** The loaders of the files' extensions: code by its extension, anything else a file of its own. */
function loadersOf(files: SourceFiles): Record<string, esbuild.Loader> {
  const loaders: Record<string, esbuild.Loader> = {};
  for (const file of files.keys()) {
    const extension = path.posix.extname(file).toLowerCase();
    if (extension) loaders[extension] = loaderFor(`x${extension}`, 'file');
  }
  return loaders;
}

/**
 * The plugin build's options turned into the same build of `folder`: the entry in the folder,
 * the folder as the working directory, esbuild's own resolution of relative imports in Vite's
 * order, no tsconfig.json of the project's, and the metafile that `refusedImports` checks.
 */
export function folderOptions(
  options: esbuild.BuildOptions & { write: false },
  folder: ProjectFolder,
  files: () => SourceFiles,
): esbuild.BuildOptions & { write: false; metafile: true } {
  const entries = options.entryPoints as Record<string, string>;
  return {
    ...options,
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, entry]) => [name, folder.pathOf(entry)]),
    ),
    absWorkingDir: folder.root,
    resolveExtensions: [...IMPORT_EXTENSIONS],
    loader: loadersOf(files()),
    tsconfigRaw: '{}',
    nodePaths: masonNodeModules(),
    metafile: true,
    plugins: [folderPlugin(folder, files)],
  };
}

/**
 * Whether the folder build took an import the plugin build refuses: a relative one that leaves
 * the folder, or a package a Mason app cannot have (resolveImport's rule). Then the plugin
 * build's answer counts.
 */
export function refusedImports(
  metafile: esbuild.Metafile,
  folder: ProjectFolder,
  files: SourceFiles,
): boolean {
  return Object.entries(metafile.inputs).some(([input, { imports }]) => {
    const importer = folder.projectPathOf(path.resolve(folder.root, input));
    if (importer === null) return false;
    return imports.some(({ original, path: target, kind, external }) => {
      if (original === undefined || ROOTED_OR_URL.test(original)) return false;
      if (RELATIVE.test(original)) {
        return !external && folder.projectPathOf(path.resolve(folder.root, target)) === null;
      }
      const args = {
        path: original,
        importer,
        kind,
        namespace: NAMESPACE,
        resolveDir: '',
        pluginData: undefined,
        with: {},
      };
      return !resolveImport(files, args, NAMESPACE).external;
    });
  });
}

/** A folder build's messages as the plugin build words their places ('mason-app:src/App.tsx'). */
export function inNamespace(messages: readonly esbuild.Message[]): esbuild.Message[] {
  return messages.map((message) =>
    message.location && !message.location.file.includes(':')
      ? {
          ...message,
          location: { ...message.location, file: `${NAMESPACE}:${message.location.file}` },
        }
      : message,
  );
}
