import type { VersionOrigin } from '@mason/contract';
import type { Executor, VersionManifest, VersionRow } from '@mason/server-db';
import { hashContent, keptBlobSizes, putBlobs, readKeptBlobs } from './blobs';
import { checkFiles } from './check-files';
import { BinaryFileError, FilePathError, WorkspaceLimitError } from './errors';
import { normalizeProjectPath } from './paths';
import { isTextContent } from './project-files';
import type { Diagnostic, FileChange, WorkingFiles } from './types';
import { MAX_PROJECT_FILES, applyChangesIn, diffManifestsIn } from './version-store';

/** The most one file may hold, in bytes of UTF-8 text. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** warm() loads base files up to this many bytes in all, none larger than MAX_FILE_BYTES. */
export const WARM_MAX_BYTES = 4 * 1024 * 1024;

/** The version a working tree starts from: its id (null when it is not a stored version) and files. */
export interface WorkingTreeBase {
  readonly id: string | null;
  readonly manifest: VersionManifest;
}

export interface WorkingTreeOptions {
  /** The compile check behind check(); checkFiles by default. */
  readonly check?: (files: ReadonlyMap<string, string | Uint8Array>) => Promise<Diagnostic[]>;
  /**
   * The most the tree's files may hold together, in bytes (what is left of PROJECT_MAX_BYTES
   * beside the project's uploads); a write past it throws WorkspaceLimitError. No limit when absent.
   */
  readonly maxBytes?: number;
}

export interface CommitInput {
  readonly projectId: string;
  readonly taskId: string | null;
  /** The task log entry that announces the version. */
  readonly logSeq?: number | null;
  /** One line on what changed. */
  readonly summary: string;
  /** Who made the changes; absent: the person. */
  readonly origin?: VersionOrigin;
}

export interface CommitResult {
  readonly version: VersionRow;
  /** What the new version changed compared with the one before it, sorted by path. */
  readonly changes: FileChange[];
}

interface Written {
  readonly content: string;
  readonly hash: string;
  readonly bytes: number;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * The files one agent turn edits: the base version's files with the turn's writes and deletes
 * kept in memory, so the stored version is untouched until commit() writes a new version (in the
 * caller's transaction). Paths go through normalizeProjectPath (FilePathError); a file over
 * MAX_FILE_BYTES or a project over MAX_PROJECT_FILES throws WorkspaceLimitError.
 */
export class WorkingTree implements WorkingFiles {
  /** The id of the version the tree started from (null for an empty start). */
  readonly baseVersionId: string | null;
  private readonly base: VersionManifest;
  /** path -> what the turn wrote, or null for a base file it deleted. */
  private readonly overlay = new Map<string, Written | null>();
  private readonly contents = new Map<string, Buffer>();
  private readonly checker: NonNullable<WorkingTreeOptions['check']>;
  private readonly maxBytes: number | undefined;
  /** The size of each base file, read once when a limit is to be checked (or warm() ran). */
  private baseSizes: Promise<Map<string, number>> | null = null;
  private fileCount: number;

  /**
   * @param executor where the base version's contents are read from (the database).
   * @param base the version the turn starts from, or null for an empty project.
   */
  constructor(
    private readonly executor: Executor,
    base: WorkingTreeBase | null = null,
    options: WorkingTreeOptions = {},
  ) {
    this.baseVersionId = base?.id ?? null;
    this.base = { ...(base?.manifest ?? {}) };
    this.fileCount = Object.keys(this.base).length;
    this.checker = options.check ?? checkFiles;
    this.maxBytes = options.maxBytes;
  }

  /** The size of each base file (read once, without the contents). */
  private sizesOfBase(): Promise<Map<string, number>> {
    if (this.baseSizes === null) {
      const sizes = keptBlobSizes(this.executor, Object.values(this.base));
      this.baseSizes = sizes;
      // A failed read is tried again by the next caller.
      sizes.catch(() => {
        if (this.baseSizes === sizes) this.baseSizes = null;
      });
    }
    return this.baseSizes;
  }

  /**
   * Reads ahead what the tools read first: the base files' sizes and their contents, up to
   * WARM_MAX_BYTES in all (smaller files first), in two queries. Started while the model
   * thinks, so a turn's first reads and writes (and the live previews that follow the writes)
   * do not wait for the database, which is busy storing the turn's log then. Optional: a file
   * not warmed is read when it is asked for, and a failure here changes nothing.
   */
  async warm(): Promise<void> {
    const sizes = await this.sizesOfBase();
    const paths = Object.keys(this.base)
      .map((path) => ({ path, size: sizes.get(this.base[path]) ?? Infinity }))
      .filter(({ size }) => size <= MAX_FILE_BYTES)
      .sort((a, b) => a.size - b.size);
    let total = 0;
    const wanted: string[] = [];
    for (const { path, size } of paths) {
      if (total + size > WARM_MAX_BYTES) break;
      total += size;
      wanted.push(path);
    }
    await this.loadBase(wanted);
  }

  /** How many bytes the files hold now. */
  private async totalBytes(): Promise<number> {
    const sizes = await this.sizesOfBase();
    let total = 0;
    for (const [path, hash] of Object.entries(this.base))
      if (!this.overlay.has(path)) total += sizes.get(hash) ?? 0;
    for (const written of this.overlay.values()) total += written?.bytes ?? 0;
    return total;
  }

  /** How many bytes one file holds now (0 when there is no such file). */
  private async bytesOf(file: string): Promise<number> {
    const written = this.overlay.get(file);
    if (written !== undefined) return written?.bytes ?? 0;
    const hash = this.base[file];
    return hash === undefined ? 0 : ((await this.sizesOfBase()).get(hash) ?? 0);
  }

  private exists(path: string): boolean {
    const written = this.overlay.get(path);
    return written === undefined ? path in this.base : written !== null;
  }

  /** Loads the base contents of these paths into memory (one query for all that are missing). */
  private async loadBase(paths: readonly string[]): Promise<void> {
    const missing = paths
      .map((path) => this.base[path])
      .filter((hash) => hash !== undefined && !this.contents.has(hash));
    if (missing.length === 0) return;
    for (const [hash, content] of await readKeptBlobs(this.executor, missing))
      this.contents.set(hash, content);
  }

  async list(): Promise<string[]> {
    const paths = new Set(Object.keys(this.base));
    for (const [path, written] of this.overlay) {
      if (written === null) paths.delete(path);
      else paths.add(path);
    }
    return [...paths].sort();
  }

  async read(path: string): Promise<string | null> {
    const file = normalizeProjectPath(path);
    const written = this.overlay.get(file);
    if (written !== undefined) return written?.content ?? null;
    const hash = this.base[file];
    if (hash === undefined) return null;
    await this.loadBase([file]);
    const content = this.contents.get(hash);
    if (!content) throw new Error(`The content of ${file} is missing from the store.`);
    if (!isTextContent(content)) {
      throw new BinaryFileError(
        `${file} is a binary file (${formatBytes(content.length)}), not text, so it cannot be read. Refer to it by its path instead.`,
      );
    }
    return content.toString('utf8');
  }

  async write(path: string, content: string): Promise<void> {
    const file = normalizeProjectPath(path);
    if (typeof content !== 'string') {
      throw new FilePathError(`The content for ${file} must be text.`);
    }
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > MAX_FILE_BYTES) {
      throw new WorkspaceLimitError(
        `${file} would be ${formatBytes(bytes)}; one file can hold at most ${formatBytes(MAX_FILE_BYTES)} of text. Split it into smaller modules.`,
      );
    }
    if (this.maxBytes !== undefined) {
      const after = (await this.totalBytes()) - (await this.bytesOf(file)) + bytes;
      if (after > this.maxBytes) {
        throw new WorkspaceLimitError(
          `The project is full: with ${file} it would hold ${formatBytes(after)}, and a project holds at most ${formatBytes(this.maxBytes)} of files. Delete files it no longer needs, or make ${file} smaller.`,
        );
      }
    }
    const isNew = !this.exists(file);
    if (isNew) {
      this.checkNoFolderConflict(file);
      if (this.fileCount >= MAX_PROJECT_FILES) {
        throw new WorkspaceLimitError(
          `The project already has ${MAX_PROJECT_FILES} files, the most it can hold, so ${file} cannot be created. Delete files you no longer need, or add to existing ones.`,
        );
      }
    }
    this.overlay.set(file, { content, hash: hashContent(content), bytes });
    if (isNew) this.fileCount += 1;
  }

  /** A file cannot sit where a folder is, nor inside a file. */
  private checkNoFolderConflict(file: string): void {
    const segments = file.split('/');
    for (let end = 1; end < segments.length; end += 1) {
      const parent = segments.slice(0, end).join('/');
      if (this.exists(parent)) {
        throw new FilePathError(
          `${parent} is a file, so ${file} cannot be created inside it. Choose another path.`,
        );
      }
    }
    const prefix = `${file}/`;
    const inside =
      Object.keys(this.base).find((path) => path.startsWith(prefix) && this.exists(path)) ??
      [...this.overlay.keys()].find((path) => path.startsWith(prefix) && this.exists(path));
    if (inside) {
      throw new FilePathError(
        `${file} is a folder (it holds ${inside}), so it cannot also be a file. Choose another name.`,
      );
    }
  }

  async delete(path: string): Promise<boolean> {
    const file = normalizeProjectPath(path);
    if (!this.exists(file)) return false;
    if (file in this.base) this.overlay.set(file, null);
    else this.overlay.delete(file);
    this.fileCount -= 1;
    return true;
  }

  /** Compiles the files as they are now (see checkFiles). */
  async check(): Promise<Diagnostic[]> {
    return this.checker(await this.snapshot());
  }

  /** Every file as it is now: text as strings, binary files as bytes. */
  async snapshot(): Promise<Map<string, string | Buffer>> {
    const paths = await this.list();
    await this.loadBase(paths.filter((path) => !this.overlay.has(path)));
    const files = new Map<string, string | Buffer>();
    for (const path of paths) {
      const written = this.overlay.get(path);
      if (written) {
        files.set(path, written.content);
        continue;
      }
      const content = this.contents.get(this.base[path]);
      if (content) files.set(path, isTextContent(content) ? content.toString('utf8') : content);
    }
    return files;
  }

  /** The paths whose content differs from the base version (a rewrite with equal content is no change), sorted. */
  changedPaths(): string[] {
    return [...this.overlay]
      .filter(([path, written]) =>
        written === null ? path in this.base : this.base[path] !== written.hash,
      )
      .map(([path]) => path)
      .sort();
  }

  hasChanges(): boolean {
    return this.changedPaths().length > 0;
  }

  /**
   * Stores the changes as a new version, in the caller's transaction: they are applied onto the
   * project's newest version (the base, unless a version was made meanwhile, such as a revert),
   * so only the files this turn changed differ from it. Null when nothing changed. The tree itself
   * is left as it is; start a new tree from the new version for further work.
   */
  async commit(executor: Executor, input: CommitInput): Promise<CommitResult | null> {
    const changed = this.changedPaths();
    if (changed.length === 0) return null;
    const writes = changed.flatMap((path) => {
      const written = this.overlay.get(path);
      return written ? [written.content] : [];
    });
    await putBlobs(executor, writes);
    const changes = new Map(changed.map((path) => [path, this.overlay.get(path)?.hash ?? null]));
    const result = await applyChangesIn(executor, {
      projectId: input.projectId,
      changes,
      taskId: input.taskId,
      logSeq: input.logSeq,
      summary: input.summary,
      origin: input.origin,
    });
    if (!result) return null;
    return {
      version: result.version,
      changes: await diffManifestsIn(executor, result.parentManifest, result.version.manifest),
    };
  }
}
