import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Database, VersionManifest, VersionRow } from '@mason/server-db';
import { entryOf, hashContent, readBlobs, viteEnv } from '@mason/server-workspace';
import { PreviewCache } from '../preview-cache';
import { buildRuntimeModules, type RuntimeModules } from '../runtime-modules';
import type { BuildPreviewOptions, HotUpdateKind, PreviewBuild } from '../types';
import type { PreviewEnvVariable } from './preview-host-deps';

/** Bumped when the builder's output changes, so no stale build is served under an old key. */
const BUILDER_REVISION = 'preview-3';
/** Where the shared runtime (React and friends) is served on every preview host. */
export const RUNTIME_BASE = '/__mason/runtime/';
/** Projects whose newest files the host keeps, so a new version reads only its changed blobs. */
const KEPT_PROJECT_FILES = 50;
/** Builds whose projects the host remembers (a build's files are served on those hosts only). */
const KEPT_BUILD_PROJECTS = 500;
/** index.html files the host keeps by content hash, so a page opens without reading it again. */
const KEPT_INDEX_PAGES = 200;

/** Extensions read as text (tagged, bundled); any other file is bytes (an image, a font). */
const TEXT_EXTENSIONS = new Set(
  '.ts .tsx .js .jsx .mjs .cjs .mts .cts .css .json .html .svg .md .txt'.split(' '),
);

type ProjectFiles = ReadonlyMap<string, string | Uint8Array>;

type Define = Readonly<Record<string, string>>;

/** What a build key is made of (base64url), as a request may name one. */
export const BUILD_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * Same manifest, same `define` (the app's import.meta.env), same builder: same key. The key
 * names the build's URLs (it cannot be guessed); a changed variable gives a new key, so the
 * version builds again and its live pages reload.
 */
export function buildKeyOf(manifest: VersionManifest, define: Define = {}): string {
  const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);
  return createHash('sha256')
    .update(BUILDER_REVISION)
    .update(JSON.stringify(Object.entries(manifest).sort(byName)))
    .update('\u0000')
    .update(JSON.stringify(Object.entries(define).sort(byName)))
    .digest('base64url')
    .slice(0, 32);
}

/** An update announced to a live page: where it is, and the whole build that follows it. */
export interface AnnouncedUpdate {
  readonly key: string;
  /** The hot update from the page's build to this one; null: the page reloads. */
  readonly hotUrl: string | null;
  /** The hot update's module itself (sent in the announcement: the page need not fetch it). */
  readonly js: string | null;
  /** Whether the page keeps its state through the hot update or starts the app afresh. */
  readonly kind: HotUpdateKind | null;
  /** Resolves when the whole build of the version is ready (a reloading page finds it). */
  readonly built: Promise<unknown>;
}

/** A version with what its build is made from: the key and the app's import.meta.env. */
export interface VersionBuildKey {
  readonly key: string;
  readonly define: Define;
}

/**
 * The builds of every preview the host serves: versions' bundles by key (a cache shared by all
 * projects), the hot updates between them, each project's newest files (a new version reads
 * only what changed) and the shared runtime. A build has the project's `VITE_` variables as
 * `import.meta.env` (viteEnv, development mode), read when it is keyed: after a variable
 * changes, the same version has a new key and builds again.
 */
export class PreviewBuilds {
  private readonly cache = new PreviewCache(50);
  private readonly buildProjects = new Map<string, Set<string>>();
  /** The manifest and variables each key was made from (so files written on top get a key). */
  private readonly keyed = new Map<string, { manifest: VersionManifest; define: Define }>();
  private readonly projectFiles = new Map<
    string,
    { manifest: VersionManifest; files: ProjectFiles }
  >();
  /** index.html by its content hash (a hash names one text for good). */
  private readonly indexPages = new Map<string, string>();
  private runtimeModules: Promise<RuntimeModules> | null = null;

  constructor(
    private readonly db: Database,
    private readonly envVariables: (projectId: string) => Promise<readonly PreviewEnvVariable[]>,
  ) {}

  /** The version's key with the project's variables now, remembered as made for its project. */
  async keyOf(version: VersionRow): Promise<VersionBuildKey> {
    const define = viteEnv(await this.envVariables(version.projectId), 'development');
    const manifest = version.manifest as VersionManifest;
    const key = buildKeyOf(manifest, define);
    this.remember(key, version.projectId, manifest, define);
    return { key, define };
  }

  private remember(key: string, projectId: string, manifest: VersionManifest, define: Define) {
    this.keyed.delete(key);
    this.keyed.set(key, { manifest, define });
    if (this.keyed.size > KEPT_BUILD_PROJECTS)
      this.keyed.delete(this.keyed.keys().next().value as string);
    const projects = this.buildProjects.get(key) ?? new Set<string>();
    projects.add(projectId);
    this.buildProjects.delete(key);
    this.buildProjects.set(key, projects);
    if (this.buildProjects.size > KEPT_BUILD_PROJECTS)
      this.buildProjects.delete(this.buildProjects.keys().next().value as string);
  }

  /** True when the build `key` was made for the project (its files are served on its hosts). */
  madeFor(key: string, projectId: string): boolean {
    return this.buildProjects.get(key)?.has(projectId) === true;
  }

  /** The version's build, from the cache or made now (one build per key however many ask). */
  async buildOf(
    version: VersionRow,
  ): Promise<{ key: string; build: PreviewBuild; indexHtml?: string }> {
    const manifest = version.manifest as VersionManifest;
    const { key, define } = await this.keyOf(version);
    const cached = this.cache.get(key);
    const indexHtml = await this.indexPageOf(manifest['index.html']);
    if (cached) return { key, build: cached, indexHtml };
    const files = await this.filesOf(version.projectId, manifest);
    const build = await this.cache.build(key, files, {
      entry: entryOf(indexHtml),
      context: version.projectId,
      define,
    });
    return { key, build, indexHtml };
  }

  /** The text of the index.html with that hash (read once, then kept). */
  private async indexPageOf(hash: string | undefined): Promise<string | undefined> {
    if (!hash) return undefined;
    let text = this.indexPages.get(hash);
    if (text === undefined) {
      text = (await readBlobs(this.db, [hash])).get(hash)?.toString('utf8');
      if (text === undefined) return undefined;
      if (this.indexPages.size >= KEPT_INDEX_PAGES)
        this.indexPages.delete(this.indexPages.keys().next().value as string);
    }
    this.indexPages.delete(hash);
    this.indexPages.set(hash, text);
    return text;
  }

  /** The build under `key` if the cache holds it. */
  cached(key: string): PreviewBuild | undefined {
    return this.cache.get(key);
  }

  /**
   * The update from the build a live page shows to the version's: when only components changed,
   * a hot update (which keeps the page's state or starts its app afresh, HotUpdateKind);
   * otherwise none, and the page reloads.
   */
  async updateTo(shownKey: string, version: VersionRow): Promise<AnnouncedUpdate> {
    const { key, define } = await this.keyOf(version);
    const files = await this.filesOf(version.projectId, version.manifest as VersionManifest);
    const indexHtml = files.get('index.html');
    const options: BuildPreviewOptions = {
      entry: entryOf(typeof indexHtml === 'string' ? indexHtml : undefined),
      context: version.projectId,
      define,
    };
    return this.updateBetween(shownKey, key, files, options);
  }

  /**
   * The update from the build a live page of the project shows to that build with `changes`
   * written on top (files not stored as a version yet: path -> text, null when deleted), made
   * from what the host holds (no database read); null when the host does not hold the shown
   * build. Its key is the one the version storing the same files gets, so that version's
   * announcement finds the page up to date. The project's newest files become these.
   */
  async updateWith(
    projectId: string,
    shownKey: string,
    changes: Readonly<Record<string, string | null>>,
  ): Promise<AnnouncedUpdate | null> {
    const shown = this.keyed.get(shownKey);
    const shownFiles = this.cache.filesOf(shownKey);
    if (!shown || !shownFiles || !this.madeFor(shownKey, projectId)) return null;
    const manifest: VersionManifest = { ...shown.manifest };
    const files = new Map(shownFiles);
    for (const [filePath, text] of Object.entries(changes)) {
      if (text === null) {
        delete manifest[filePath];
        files.delete(filePath);
      } else {
        manifest[filePath] = hashContent(text);
        files.set(filePath, text);
      }
    }
    const key = buildKeyOf(manifest, shown.define);
    this.remember(key, projectId, manifest, shown.define);
    this.keepFiles(projectId, manifest, files);
    const indexHtml = files.get('index.html');
    return this.updateBetween(shownKey, key, files, {
      entry: entryOf(typeof indexHtml === 'string' ? indexHtml : undefined),
      context: projectId,
      define: shown.define,
    });
  }

  private async updateBetween(
    shownKey: string,
    key: string,
    files: ProjectFiles,
    options: BuildPreviewOptions,
  ): Promise<AnnouncedUpdate> {
    const update = await this.cache.hotUpdate(shownKey, key, files, options);
    return {
      key,
      hotUrl: update.ok ? `/__mason/hot/${shownKey}/${key}.js` : null,
      js: update.ok ? update.js : null,
      kind: update.ok ? update.kind : null,
      built: this.cache.build(key, files, options),
    };
  }

  /** The build's CSS with Tailwind's rules for `classes` too (PreviewCache.stylesWith). */
  stylesWith(key: string, classes: readonly string[]): Promise<string | null> {
    return this.cache.stylesWith(key, classes);
  }

  /** The hot update between two builds, if it was made. */
  hotUpdateOf(fromKey: string, toKey: string) {
    return this.cache.hotUpdateOf(fromKey, toKey);
  }

  /** The shared runtime (built once; a failed build is tried again on the next call). */
  runtime(): Promise<RuntimeModules> {
    this.runtimeModules ??= buildRuntimeModules(RUNTIME_BASE).catch((error: unknown) => {
      this.runtimeModules = null;
      throw error;
    });
    return this.runtimeModules;
  }

  /** Waits for a runtime build under way and stops the builders. */
  async dispose(): Promise<void> {
    await this.runtimeModules?.catch(() => undefined);
    await this.cache.dispose();
  }

  private async filesOf(projectId: string, manifest: VersionManifest): Promise<ProjectFiles> {
    const known = this.projectFiles.get(projectId);
    const unchanged = (filePath: string) =>
      known !== undefined && known.manifest[filePath] === manifest[filePath];
    const contents = await readBlobs(
      this.db,
      Object.keys(manifest)
        .filter((filePath) => !unchanged(filePath))
        .map((filePath) => manifest[filePath] as string),
    );
    const files = new Map<string, string | Uint8Array>();
    for (const [filePath, hash] of Object.entries(manifest)) {
      const kept = unchanged(filePath) ? known?.files.get(filePath) : undefined;
      if (kept !== undefined) {
        files.set(filePath, kept);
        continue;
      }
      const bytes = contents.get(hash);
      if (!bytes) continue;
      const text = TEXT_EXTENSIONS.has(path.posix.extname(filePath).toLowerCase());
      files.set(filePath, text ? bytes.toString('utf8') : bytes);
    }
    this.keepFiles(projectId, manifest, files);
    return files;
  }

  private keepFiles(projectId: string, manifest: VersionManifest, files: ProjectFiles): void {
    this.projectFiles.delete(projectId);
    this.projectFiles.set(projectId, { manifest, files });
    if (this.projectFiles.size > KEPT_PROJECT_FILES)
      this.projectFiles.delete(this.projectFiles.keys().next().value as string);
  }
}
