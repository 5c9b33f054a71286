import * as esbuild from 'esbuild';
import {
  DEFAULT_PREVIEW_ENTRY,
  missingEntry,
  previewBuildOptions,
  previewPlugin,
  settle,
  sharedTransforms,
  type BuildInput,
} from './build-preview';
import type { TransformCache } from './module-transform';
import type { BuildPreviewOptions, PreviewBuild, PreviewFiles } from './types';

export interface PreviewBuilderOptions {
  /** Projects whose esbuild context is kept; the least recently used is disposed first. */
  readonly maxContexts?: number;
  /** A context unused this long is disposed (its memory is esbuild's caches of the project). */
  readonly idleMs?: number;
  readonly transforms?: TransformCache;
}

interface Slot {
  /** The `define` the context was made with (its options cannot change). */
  readonly define: string;
  readonly input: BuildInput;
  readonly context: Promise<esbuild.BuildContext<esbuild.BuildOptions & { write: false }>>;
  /** Rebuilds of one context run one after another (the input is swapped for each). */
  queue: Promise<unknown>;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * Builds previews incrementally: one esbuild context per project (`options.context`), so a
 * rebuild after an edited file re-reads only what changed (esbuild keeps the parse of every
 * module whose text is the same; the transform cache keeps the tagging and hot registration).
 * Contexts are bounded (the least recently used is disposed) and disposed when idle. A build
 * without `options.context` is one-off, like buildPreview.
 */
export class PreviewBuilder {
  readonly maxContexts: number;
  readonly idleMs: number;
  private readonly transforms: TransformCache;
  private readonly slots = new Map<string, Slot>();
  private opened = 0;

  constructor(options: PreviewBuilderOptions = {}) {
    this.maxContexts = options.maxContexts ?? 8;
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.transforms = options.transforms ?? sharedTransforms;
  }

  /** esbuild contexts open now. */
  get contexts(): number {
    return this.slots.size;
  }

  /** esbuild contexts opened since this builder was made (a context reused is not counted again). */
  get contextsOpened(): number {
    return this.opened;
  }

  build(files: PreviewFiles, options: BuildPreviewOptions = {}): Promise<PreviewBuild> {
    const entry = options.entry ?? DEFAULT_PREVIEW_ENTRY;
    if (!files.has(entry)) return Promise.resolve(missingEntry(entry));
    const define = options.define ?? {};
    if (options.context === undefined) {
      const input: BuildInput = { files, untagged: [], tailwind: false };
      return settle(input, () =>
        esbuild.build(previewBuildOptions(entry, [previewPlugin(input, this.transforms)], define)),
      );
    }
    const slot = this.slotFor(`${options.context}\u0000${entry}`, entry, define);
    const run = slot.queue.then(async () => {
      slot.input.files = files;
      slot.input.untagged = [];
      slot.input.tailwind = false;
      const context = await slot.context;
      return settle(slot.input, () => context.rebuild());
    });
    slot.queue = run.catch(() => undefined);
    return run;
  }

  /** Disposes every context. */
  async dispose(): Promise<void> {
    const keys = [...this.slots.keys()];
    await Promise.all(keys.map((key) => this.release(key)));
  }

  private slotFor(key: string, entry: string, define: Readonly<Record<string, string>>): Slot {
    const defineKey = JSON.stringify(define);
    const known = this.slots.get(key);
    // Other variables: the context's options are fixed, so a new context replaces it.
    if (known && known.define !== defineKey) void this.release(key);
    else if (known) {
      this.slots.delete(key);
      this.slots.set(key, known);
      this.keepAlive(key, known);
      return known;
    }
    const input: BuildInput = { files: new Map(), untagged: [], tailwind: false };
    this.opened += 1;
    const slot: Slot = {
      define: defineKey,
      input,
      context: esbuild.context(
        previewBuildOptions(entry, [previewPlugin(input, this.transforms)], define),
      ),
      queue: Promise.resolve(),
      idleTimer: null,
    };
    this.slots.set(key, slot);
    this.keepAlive(key, slot);
    while (this.slots.size > this.maxContexts) {
      void this.release(this.slots.keys().next().value as string);
    }
    return slot;
  }

  private keepAlive(key: string, slot: Slot): void {
    if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => void this.release(key), this.idleMs);
    // An idle context must not keep the process alive.
    slot.idleTimer.unref?.();
  }

  private async release(key: string): Promise<void> {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
    // A build under way finishes first.
    await slot.queue;
    const context = await slot.context.catch(() => null);
    await context?.dispose();
  }
}
