import path from 'node:path';
import * as esbuild from 'esbuild';
import { folderOptions, inNamespace, ProjectFolder, refusedImports } from './folder-build';
import {
  buildProduction,
  type ProductionBuild,
  type ProductionBuildOptions,
  type SourceFiles,
} from './production-build';

/** Projects whose esbuild context is kept: the ones published most recently. */
const KEPT_CONTEXTS = 8;

type Options = esbuild.BuildOptions & { write: false };
type Result = esbuild.BuildResult<{ write: false }>;

interface KeptContext {
  /** What the context was made for (entry, defines, loaders): another one needs a new context. */
  readonly signature: string;
  /** The project's files on disk, where the context reads them. */
  readonly folder: ProjectFolder;
  /** Made once, on the first build: set before anything is awaited, so no build makes a second. */
  readonly context: Promise<esbuild.BuildContext<{ write: false; metafile: true }>>;
  /** The files of the build under way: the context's plugin resolves '@/' and '/' in them. */
  readonly source: { files: SourceFiles };
  /** Builds of one context run one after another. */
  queue: Promise<unknown>;
}

/** The extensions of a version's files: a new one needs a new loader, so a new context. */
const extensionsOf = (files: SourceFiles) =>
  [...new Set([...files.keys()].map((file) => path.posix.extname(file).toLowerCase()))].sort();

/**
 * Production builds that keep an esbuild context per project, so publishing again rebuilds
 * incrementally: the project's files live in a folder of its own (folder-build.ts), only the
 * changed ones are written, and esbuild parses again only those. A build that fails, or whose
 * relative imports leave the folder, is made again by the plugin build, whose answer counts (the
 * same errors, in the same words, as a fresh build). The newest few projects keep theirs;
 * `close()` lets them all go. A context let go is disposed (and its folder removed) after the
 * builds on it end, so none outlives `close()` and keeps the process alive.
 */
export class IncrementalBuilds {
  private readonly kept = new Map<string, KeptContext>();
  private readonly disposals = new Set<Promise<unknown>>();

  build(
    projectId: string,
    files: SourceFiles,
    options: ProductionBuildOptions = {},
  ): Promise<ProductionBuild> {
    return buildProduction(files, options, (buildOptions, buildFiles) =>
      this.rebuild(projectId, buildOptions, buildFiles),
    );
  }

  private rebuild(projectId: string, options: Options, files: SourceFiles): Promise<Result> {
    const signature = JSON.stringify([options.entryPoints, options.define, extensionsOf(files)]);
    let kept = this.kept.get(projectId);
    if (kept && kept.signature !== signature) {
      this.release(projectId, kept);
      kept = undefined;
    }
    if (!kept) {
      const source = { files };
      const folder = new ProjectFolder();
      const context = esbuild.context(folderOptions(options, folder, () => source.files));
      kept = { signature, folder, context, source, queue: context };
    }
    // The newest project is last: a Map keeps insertion order.
    this.kept.delete(projectId);
    this.kept.set(projectId, kept);
    this.keepAtMost(KEPT_CONTEXTS);
    const current = kept;
    const result = current.queue
      .catch(() => undefined)
      .then(async () => {
        current.source.files = files;
        await current.folder.sync(files);
        const built = await (await current.context).rebuild().catch(() => null);
        if (!built || refusedImports(built.metafile, current.folder, files))
          return esbuild.build(options);
        return { ...built, warnings: inNamespace(built.warnings) };
      });
    current.queue = result.catch(() => undefined);
    return result;
  }

  /** Lets a project's context go once the builds queued on it have ended. */
  private release(projectId: string, kept: KeptContext): void {
    this.kept.delete(projectId);
    const disposal = kept.queue
      .catch(() => undefined)
      .then(() => kept.context)
      .then((context) => context.dispose())
      .catch(() => undefined)
      .finally(() => {
        kept.folder.remove();
        this.disposals.delete(disposal);
      });
    this.disposals.add(disposal);
  }

  private keepAtMost(limit: number): void {
    for (const [projectId, kept] of [...this.kept].slice(0, Math.max(0, this.kept.size - limit))) {
      this.release(projectId, kept);
    }
  }

  async close(): Promise<void> {
    this.keepAtMost(0);
    await Promise.all(this.disposals);
  }
}
