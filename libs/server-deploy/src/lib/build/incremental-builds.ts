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
  readonly context: esbuild.BuildContext<{ write: false }>;
  /** The files of the build under way: the context's plugin reads them. */
  readonly source: { files: SourceFiles };
  /** Builds of one context run one after another. */
  queue: Promise<unknown>;
}

/**
 * Production builds that keep an esbuild context per project, so publishing again rebuilds
 * incrementally: esbuild parses again only the files that changed. The newest few projects keep
 * theirs; `close()` lets them all go.
 */
export class IncrementalBuilds {
  private readonly kept = new Map<string, KeptContext>();

  build(
    projectId: string,
    files: SourceFiles,
    options: ProductionBuildOptions = {},
  ): Promise<ProductionBuild> {
    return buildProduction(files, options, (buildOptions, buildFiles) =>
      this.rebuild(projectId, buildOptions, buildFiles),
    );
  }

  private async rebuild(
    projectId: string,
    options: esbuild.BuildOptions & { write: false },
    files: SourceFiles,
  ): Promise<esbuild.BuildResult<{ write: false }>> {
    const signature = JSON.stringify([options.entryPoints, options.define]);
    let kept = this.kept.get(projectId);
    if (kept && kept.signature !== signature) {
      this.kept.delete(projectId);
      await kept.queue.catch(() => undefined);
      await kept.context.dispose();
      kept = undefined;
    }
    if (!kept) {
      const source = { files };
      const context = await esbuild.context({
        ...options,
        plugins: [sourcePlugin(() => source.files)],
      });
      kept = { signature, context, source, queue: Promise.resolve() };
      await this.evictBeyond(KEPT_CONTEXTS - 1);
    }
    // The newest project is last: a Map keeps insertion order.
    this.kept.delete(projectId);
    this.kept.set(projectId, kept);
    const current = kept;
    const result = current.queue.then(() => {
      current.source.files = files;
      return current.context.rebuild();
    });
    current.queue = result.catch(() => undefined);
    return result;
  }

  private async evictBeyond(limit: number): Promise<void> {
    while (this.kept.size > limit) {
      const [oldest, kept] = this.kept.entries().next().value as [string, KeptContext];
      this.kept.delete(oldest);
      await kept.queue.catch(() => undefined);
      await kept.context.dispose();
    }
  }

  async close(): Promise<void> {
    await this.evictBeyond(0);
  }
}
