import { buildPreview } from './build-preview';
import type { BuildPreviewOptions, PreviewBuild, PreviewFiles } from './types';

interface Entry {
  readonly promise: Promise<PreviewBuild>;
  result?: PreviewBuild;
}

/**
 * Preview builds by key (a version id or a manifest hash: the same key must mean the same
 * files), so switching versions back and forth does not build again. Keeps the `maxEntries`
 * most recently used builds. Two calls for one key while it builds share the one build; a
 * build that throws is not kept.
 */
export class PreviewCache {
  readonly maxEntries: number;
  /** build() calls answered from the cache (or from a build already under way). */
  hits = 0;
  /** build() calls that had to build. */
  misses = 0;
  private readonly entries = new Map<string, Entry>();

  constructor(maxEntries = 50) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`A preview cache holds at least one build; got ${maxEntries}.`);
    }
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The finished build for `key`, if there is one; does not count as a hit. */
  get(key: string): PreviewBuild | undefined {
    const entry = this.entries.get(key);
    if (!entry?.result) return undefined;
    this.touch(key, entry);
    return entry.result;
  }

  /** The build for `key`: the cached one, or a new build of `files`. */
  build(key: string, files: PreviewFiles, options?: BuildPreviewOptions): Promise<PreviewBuild> {
    const cached = this.entries.get(key);
    if (cached) {
      this.hits += 1;
      this.touch(key, cached);
      return cached.promise;
    }
    this.misses += 1;
    const entry: Entry = {
      promise: buildPreview(files, options).then(
        (result) => {
          entry.result = result;
          return result;
        },
        (error: unknown) => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          throw error;
        },
      ),
    };
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return entry.promise;
  }

  /** Forgets one build (true when there was one). */
  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
