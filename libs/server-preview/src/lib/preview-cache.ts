import { sharedTailwind } from '@mason/server-workspace';
import { HOT_GLOBAL } from './hot-registration';
import { buildHotUpdate } from './hot-update';
import { PreviewBuilder } from './preview-builder';
import type { BuildPreviewOptions, HotUpdate, PreviewBuild, PreviewFiles } from './types';

interface Entry {
  readonly promise: Promise<PreviewBuild>;
  readonly files: PreviewFiles;
  readonly entry: string | undefined;
  /** The project whose incremental context built it. */
  readonly context: string | undefined;
  /** The build's `define`, as JSON: a page moves to a build with other variables by reloading. */
  readonly define: string;
  result?: PreviewBuild;
}

/** A file only Tailwind's scanner reads: the classes of unsaved edits (stylesWith). */
const EDIT_CLASSES_FILE = '.mason/edit-classes.html';

/** Hot updates kept (a page usually asks for the one from the version before). */
const MAX_HOT_UPDATES = 20;

/**
 * Preview builds by key (a version id or a manifest hash: the same key must mean the same
 * files), so switching versions back and forth does not build again. Keeps the `maxEntries`
 * most recently used builds. Two calls for one key while it builds share the one build; a
 * build that throws is not kept. Builds with a `context` (a project) rebuild incrementally
 * through one PreviewBuilder; `hotUpdate` moves a page between two kept builds.
 */
export class PreviewCache {
  readonly maxEntries: number;
  /** build() calls answered from the cache (or from a build already under way). */
  hits = 0;
  /** build() calls that had to build. */
  misses = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly hotUpdates = new Map<string, Promise<HotUpdate>>();
  private readonly builder: PreviewBuilder;

  constructor(maxEntries = 50, builder = new PreviewBuilder()) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`A preview cache holds at least one build; got ${maxEntries}.`);
    }
    this.maxEntries = maxEntries;
    this.builder = builder;
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

  /** The files built under `key`, while the cache keeps that build. */
  filesOf(key: string): PreviewFiles | undefined {
    return this.entries.get(key)?.files;
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
      files,
      entry: options?.entry,
      context: options?.context,
      define: JSON.stringify(options?.define ?? {}),
      promise: this.builder.build(files, options).then(
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

  /**
   * How a page showing the build `fromKey` moves to `toKey` (whose files are `toFiles`) without
   * a reload (buildHotUpdate), or why it must reload: also when the shown build is not kept, did
   * not build, or started from another entry. It does not wait for the build of `toKey`: the page
   * gets the update first, and the build is for the pages that load after.
   */
  hotUpdate(
    fromKey: string,
    toKey: string,
    toFiles: PreviewFiles,
    options: BuildPreviewOptions = {},
  ): Promise<HotUpdate> {
    const id = `${fromKey}>${toKey}`;
    const known = this.hotUpdates.get(id);
    if (known) return known;
    const from = this.entries.get(fromKey);
    let update: Promise<HotUpdate>;
    if (!from?.result?.ok) {
      update = Promise.resolve({
        ok: false,
        reason: 'The page does not show a kept, working build.',
      });
    } else if (from.entry !== options.entry) {
      update = Promise.resolve({ ok: false, reason: 'The app starts from another entry.' });
    } else if (from.define !== JSON.stringify(options.define ?? {})) {
      update = Promise.resolve({
        ok: false,
        reason: 'The app’s environment variables changed: every module reads them anew.',
      });
    } else {
      const shown = from.result;
      const fromFiles = from.files;
      update = buildHotUpdate(fromFiles, toFiles, {
        entry: options.entry,
        define: options.define,
      }).then((made) =>
        // Tailwind's rules follow the classes in the modules: the page's stylesheet stays when
        // they are the same (and no stylesheet changed), else it comes from the whole build.
        made.ok &&
        (made.restyle || (shown.tailwind && !sharedTailwind.sameClasses(fromFiles, toFiles)))
          ? this.withStyles(made, shown.css, toKey, toFiles, options)
          : made,
      );
    }
    this.hotUpdates.set(id, update);
    update.catch(() => this.hotUpdates.delete(id));
    while (this.hotUpdates.size > MAX_HOT_UPDATES) {
      this.hotUpdates.delete(this.hotUpdates.keys().next().value as string);
    }
    return update;
  }

  /**
   * A hot update that also replaces the page's stylesheet with the one of the whole build of
   * `toKey` (built now, incrementally; the pages that load later get it too), when it changed.
   */
  private async withStyles(
    update: HotUpdate & { ok: true },
    shownCss: string,
    toKey: string,
    toFiles: PreviewFiles,
    options: BuildPreviewOptions,
  ): Promise<HotUpdate> {
    const built = await this.build(toKey, toFiles, options);
    if (!built.ok) return { ok: false, reason: 'The new version does not build.' };
    if (built.css === shownCss) return { ...update, restyle: false };
    const restyle = `globalThis.${HOT_GLOBAL}.restyle(${JSON.stringify(built.css)});\n`;
    return { ...update, js: `${restyle}${update.js}` };
  }

  /**
   * The CSS of the build `key` with Tailwind's rules for `classes` as well: what a page needs to
   * show unsaved class edits (the build has rules only for the classes its files use). Built
   * like the build itself, with the classes in a file only Tailwind's scanner reads; null when
   * the build is not kept or did not compile Tailwind.
   */
  async stylesWith(key: string, classes: readonly string[]): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry?.result?.ok || !entry.result.tailwind) return null;
    const files = new Map(entry.files).set(
      EDIT_CLASSES_FILE,
      `<i class="${classes.join(' ')}"></i>\n`,
    );
    const built = await this.builder.build(files, {
      entry: entry.entry,
      context: entry.context,
      define: JSON.parse(entry.define) as Record<string, string>,
    });
    return built.ok ? built.css : null;
  }

  /** The hot update made earlier from `fromKey` to `toKey`, while it is kept. */
  hotUpdateOf(fromKey: string, toKey: string): Promise<HotUpdate> | undefined {
    return this.hotUpdates.get(`${fromKey}>${toKey}`);
  }

  /** Forgets one build (true when there was one). */
  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.hotUpdates.clear();
  }

  /** Forgets every build and disposes the builder's esbuild contexts. */
  async dispose(): Promise<void> {
    this.clear();
    await this.builder.dispose();
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
