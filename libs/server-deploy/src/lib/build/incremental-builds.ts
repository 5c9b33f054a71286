import * as esbuild from 'esbuild';
import {
  buildProduction,
  sourcePlugin,
  type ProductionBuild,
  type ProductionBuildOptions,
  type SourceFiles,
} from './production-build';

/** Projects whose esbuild context is kept: the ones published most recently. */
const KEPT_CONTEXTS = 8;

interface KeptContext {
  /** What the context was made for (entry point and defines): another one needs a new context. */
  readonly signature: string;
  /** Made once, on the first build: set before anything is awaited, so no build makes a second. */
  readonly context: Promise<esbuild.BuildContext<{ write: false }>>;
  /** The files of the build under way: the context's plugin reads them. */
  readonly source: { files: SourceFiles };
  /** Builds of one context run one after another. */
  queue: Promise<unknown>;
}

/**
 * Production builds that keep an esbuild context per project, so publishing again rebuilds
 * incrementally: esbuild parses again only the files that changed. The newest few projects keep
 * theirs; `close()` lets them all go. A context let go is disposed after the builds on it end, so
 * none outlives `close()` and keeps the process alive.
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

  private rebuild(
    projectId: string,
    options: esbuild.BuildOptions & { write: false },
    files: SourceFiles,
  ): Promise<esbuild.BuildResult<{ write: false }>> {
    const signature = JSON.stringify([options.entryPoints, options.define]);
    let kept = this.kept.get(projectId);
    if (kept && kept.signature !== signature) {
      this.release(projectId, kept);
      kept = undefined;
    }
    if (!kept) {
      const source = { files };
      const context = esbuild.context({ ...options, plugins: [sourcePlugin(() => source.files)] });
      kept = { signature, context, source, queue: context };
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
        return (await current.context).rebuild();
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
      .finally(() => this.disposals.delete(disposal));
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
