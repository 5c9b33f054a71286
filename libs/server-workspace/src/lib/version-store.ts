import type { VersionOrigin } from '@mason/contract';
import {
  blobs,
  projects,
  versions,
  type Database,
  type Executor,
  type VersionManifest,
  type VersionRow,
} from '@mason/server-db';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { readBlobs } from './blobs';
import { FilePathError, WorkspaceLimitError } from './errors';
import { countLineChanges } from './line-diff';
import { normalizeProjectPath } from './paths';
import { isTextContent } from './project-files';
import type { FileChange } from './types';

/** The most files one version may hold. */
export const MAX_PROJECT_FILES = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface CreateVersionInput {
  readonly projectId: string;
  readonly manifest: VersionManifest;
  /** The task that made it; null or absent for the template and edits outside a task. */
  readonly taskId?: string | null;
  /** The task log entry that announces it. */
  readonly logSeq?: number | null;
  /** The version it was made from; absent: the project's newest version before it. */
  readonly parentVersionId?: string | null;
  /** One line on what changed. */
  readonly summary: string;
  /** Who made it; absent: the person (VersionOrigin). */
  readonly origin?: VersionOrigin;
}

export interface RevertInput {
  readonly taskId: string | null;
  readonly logSeq?: number | null;
  readonly summary: string;
  /** Who made them; absent: the person. */
  readonly origin?: VersionOrigin;
}

export interface ListVersionsOptions {
  /** Only the versions this task made. */
  readonly taskId?: string;
}

/**
 * Locks the project's row until the transaction ends, so versions of one project are numbered
 * one at a time. Throws when there is no such project.
 */
export async function lockProject(executor: Executor, projectId: string): Promise<void> {
  const rows = UUID.test(projectId)
    ? await executor
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, projectId))
        .for('update')
    : [];
  if (rows.length === 0) throw new Error(`There is no project ${projectId}.`);
}

export async function latestVersionIn(
  executor: Executor,
  projectId: string,
): Promise<VersionRow | null> {
  if (!UUID.test(projectId)) return null;
  const [row] = await executor
    .select()
    .from(versions)
    .where(eq(versions.projectId, projectId))
    .orderBy(desc(versions.index))
    .limit(1);
  return row ?? null;
}

async function getVersionIn(
  executor: Executor,
  projectId: string,
  versionId: string,
): Promise<VersionRow | null> {
  if (!UUID.test(projectId) || !UUID.test(versionId)) return null;
  const [row] = await executor
    .select()
    .from(versions)
    .where(and(eq(versions.id, versionId), eq(versions.projectId, projectId)));
  return row ?? null;
}

/** A manifest with normalised paths, real hashes and stored contents, or a clear error. */
async function checkManifest(executor: Executor, manifest: VersionManifest): Promise<void> {
  const entries = Object.entries(manifest);
  if (entries.length > MAX_PROJECT_FILES) {
    throw new WorkspaceLimitError(
      `A project holds at most ${MAX_PROJECT_FILES} files; this version has ${entries.length}.`,
    );
  }
  for (const [path, hash] of entries) {
    if (normalizeProjectPath(path) !== path) {
      throw new FilePathError(
        `Path '${path}' is not normalised; use '${normalizeProjectPath(path)}'.`,
      );
    }
    if (typeof hash !== 'string' || !SHA256_HEX.test(hash)) {
      throw new Error(`The manifest entry for ${path} is not a sha256 blob hash.`);
    }
  }
  const wanted = [...new Set(entries.map(([, hash]) => hash))];
  const stored = new Set<string>();
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await executor
      .select({ hash: blobs.hash })
      .from(blobs)
      .where(inArray(blobs.hash, wanted.slice(start, start + 500)));
    for (const row of rows) stored.add(row.hash);
  }
  const missing = entries.find(([, hash]) => !stored.has(hash));
  if (missing) {
    throw new Error(
      `The content of ${missing[0]} is not stored (blob ${missing[1]}); store it with putBlobs first.`,
    );
  }
}

function sortedManifest(manifest: VersionManifest): VersionManifest {
  return Object.fromEntries(
    Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** Inserts the next version of a project (index = newest + 1) under the project's row lock. */
export async function createVersionIn(
  executor: Executor,
  input: CreateVersionInput,
): Promise<VersionRow> {
  return executor.transaction(async (tx) => {
    await lockProject(tx, input.projectId);
    await checkManifest(tx, input.manifest);
    const latest = await latestVersionIn(tx, input.projectId);
    const [row] = await tx
      .insert(versions)
      .values({
        projectId: input.projectId,
        index: latest ? latest.index + 1 : 0,
        taskId: input.taskId ?? null,
        logSeq: input.logSeq ?? null,
        parentVersionId:
          input.parentVersionId === undefined ? (latest?.id ?? null) : input.parentVersionId,
        manifest: sortedManifest(input.manifest),
        summary: input.summary,
        origin: input.origin ?? 'PERSON',
      })
      .returning();
    return row;
  });
}

export interface ApplyChangesInput {
  readonly projectId: string;
  /** path -> new blob hash, or null to delete the file. */
  readonly changes: ReadonlyMap<string, string | null>;
  readonly taskId: string | null;
  readonly logSeq?: number | null;
  readonly summary: string;
  /** Who made them; absent: the person. */
  readonly origin?: VersionOrigin;
}

/**
 * Applies file changes onto the project's newest version (normally the version they were made
 * from) as a new version. Null when they change nothing there.
 */
export async function applyChangesIn(
  executor: Executor,
  input: ApplyChangesInput,
): Promise<{ version: VersionRow; parentManifest: VersionManifest } | null> {
  return executor.transaction(async (tx) => {
    await lockProject(tx, input.projectId);
    const latest = await latestVersionIn(tx, input.projectId);
    const parentManifest: VersionManifest = latest?.manifest ?? {};
    const manifest: VersionManifest = { ...parentManifest };
    let changed = false;
    for (const [path, hash] of input.changes) {
      if (hash === null) {
        if (path in manifest) {
          delete manifest[path];
          changed = true;
        }
      } else if (manifest[path] !== hash) {
        manifest[path] = hash;
        changed = true;
      }
    }
    if (!changed) return null;
    const version = await createVersionIn(tx, {
      projectId: input.projectId,
      manifest,
      taskId: input.taskId,
      logSeq: input.logSeq,
      parentVersionId: latest?.id ?? null,
      summary: input.summary,
      origin: input.origin,
    });
    return { version, parentManifest };
  });
}

/** What changed from one manifest to another, with line counts, sorted by path. */
export async function diffManifestsIn(
  executor: Executor,
  from: VersionManifest | null,
  to: VersionManifest,
): Promise<FileChange[]> {
  const before = from ?? {};
  const paths = [...new Set([...Object.keys(before), ...Object.keys(to)])].sort();
  const changed = paths.filter((path) => before[path] !== to[path]);
  const contents = await readBlobs(
    executor,
    changed.flatMap((path) => [before[path], to[path]].filter((hash) => hash !== undefined)),
  );
  const text = (hash: string | undefined): string | null => {
    if (hash === undefined) return '';
    const content = contents.get(hash);
    return content && isTextContent(content) ? content.toString('utf8') : null;
  };
  return changed.map((path) => {
    const old = text(before[path]);
    const next = text(to[path]);
    const lines =
      old === null || next === null ? { additions: 0, deletions: 0 } : countLineChanges(old, next);
    return {
      path,
      change:
        before[path] === undefined ? 'CREATED' : to[path] === undefined ? 'DELETED' : 'UPDATED',
      ...lines,
    };
  });
}

async function readTextFilesIn(
  executor: Executor,
  manifest: VersionManifest,
  paths?: Iterable<string>,
): Promise<Map<string, string>> {
  const wanted =
    paths === undefined
      ? Object.keys(manifest).sort()
      : [...new Set([...paths].map(normalizeProjectPath))].filter((path) => path in manifest);
  const contents = await readBlobs(
    executor,
    wanted.map((path) => manifest[path]),
  );
  const files = new Map<string, string>();
  for (const path of wanted) {
    const content = contents.get(manifest[path]);
    if (content && isTextContent(content)) files.set(path, content.toString('utf8'));
  }
  return files;
}

function isExecutor(value: unknown): value is Executor {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { select?: unknown }).select === 'function' &&
    typeof (value as { transaction?: unknown }).transaction === 'function'
  );
}

/**
 * A project's versions: each a manifest path -> blob hash, numbered 0, 1, 2, ... per project,
 * never changed or removed. Every method takes an optional executor first (a transaction the
 * caller composes it into); without one it runs on the database given to the constructor.
 */
export class VersionStore {
  constructor(readonly db: Database) {}

  /** [executor, ...rest]: the executor given first, or the store's database. */
  private split<Rest extends unknown[]>(args: readonly unknown[]): [Executor, ...Rest] {
    if (isExecutor(args[0])) return args as [Executor, ...Rest];
    const rest = args[0] === undefined || args[0] === null ? args.slice(1) : args;
    return [this.db, ...(rest as Rest)];
  }

  /** A new version (index = the newest + 1, or 0), numbered under a lock on the project row. */
  createVersion(input: CreateVersionInput): Promise<VersionRow>;
  createVersion(executor: Executor | undefined, input: CreateVersionInput): Promise<VersionRow>;
  createVersion(...args: unknown[]): Promise<VersionRow> {
    const [executor, input] = this.split<[CreateVersionInput]>(args);
    return createVersionIn(executor, input);
  }

  /** The project's newest version, or null before the first. */
  latestVersion(projectId: string): Promise<VersionRow | null>;
  latestVersion(executor: Executor | undefined, projectId: string): Promise<VersionRow | null>;
  latestVersion(...args: unknown[]): Promise<VersionRow | null> {
    const [executor, projectId] = this.split<[string]>(args);
    return latestVersionIn(executor, projectId);
  }

  /** The version, or null when it does not exist or is not this project's. */
  getVersion(projectId: string, versionId: string): Promise<VersionRow | null>;
  getVersion(
    executor: Executor | undefined,
    projectId: string,
    versionId: string,
  ): Promise<VersionRow | null>;
  getVersion(...args: unknown[]): Promise<VersionRow | null> {
    const [executor, projectId, versionId] = this.split<[string, string]>(args);
    return getVersionIn(executor, projectId, versionId);
  }

  /** The project's versions (or one task's), oldest first. */
  listVersions(projectId: string, options?: ListVersionsOptions): Promise<VersionRow[]>;
  listVersions(
    executor: Executor | undefined,
    projectId: string,
    options?: ListVersionsOptions,
  ): Promise<VersionRow[]>;
  async listVersions(...args: unknown[]): Promise<VersionRow[]> {
    const [executor, projectId, options] = this.split<[string, ListVersionsOptions?]>(args);
    if (!UUID.test(projectId)) return [];
    const taskId = options?.taskId;
    if (taskId !== undefined && !UUID.test(taskId)) return [];
    return executor
      .select()
      .from(versions)
      .where(
        taskId === undefined
          ? eq(versions.projectId, projectId)
          : and(eq(versions.projectId, projectId), eq(versions.taskId, taskId)),
      )
      .orderBy(asc(versions.index));
  }

  /** One file's bytes, or null when the manifest has no such path. Throws FilePathError. */
  readFile(manifest: VersionManifest, path: string): Promise<Buffer | null>;
  readFile(
    executor: Executor | undefined,
    manifest: VersionManifest,
    path: string,
  ): Promise<Buffer | null>;
  async readFile(...args: unknown[]): Promise<Buffer | null> {
    const [executor, manifest, path] = this.split<[VersionManifest, string]>(args);
    const hash = manifest[normalizeProjectPath(path)];
    if (hash === undefined) return null;
    return (await readBlobs(executor, [hash])).get(hash) ?? null;
  }

  /**
   * The text files of a manifest (all, or these paths), path -> utf8. Binary files and paths the
   * manifest does not have are left out.
   */
  readTextFiles(manifest: VersionManifest, paths?: Iterable<string>): Promise<Map<string, string>>;
  readTextFiles(
    executor: Executor | undefined,
    manifest: VersionManifest,
    paths?: Iterable<string>,
  ): Promise<Map<string, string>>;
  readTextFiles(...args: unknown[]): Promise<Map<string, string>> {
    const [executor, manifest, paths] = this.split<[VersionManifest, Iterable<string>?]>(args);
    return readTextFilesIn(executor, manifest, paths);
  }

  /** What changed from `from` (null: nothing) to `to`: CREATED, UPDATED, DELETED with line counts. */
  diffManifests(from: VersionManifest | null, to: VersionManifest): Promise<FileChange[]>;
  diffManifests(
    executor: Executor | undefined,
    from: VersionManifest | null,
    to: VersionManifest,
  ): Promise<FileChange[]>;
  diffManifests(...args: unknown[]): Promise<FileChange[]> {
    // `from` may be null, so the executor cannot be told apart by a leading null here.
    const [executor, from, to] = (
      args.length === 3 ? [args[0] ?? this.db, args[1], args[2]] : [this.db, args[0], args[1]]
    ) as [Executor, VersionManifest | null, VersionManifest];
    return diffManifestsIn(executor, from, to);
  }

  /**
   * A new version whose files equal the version chosen (nothing is lost: every version stays).
   * Null when that version does not exist or is not this project's.
   */
  revertTo(projectId: string, versionId: string, input: RevertInput): Promise<VersionRow | null>;
  revertTo(
    executor: Executor | undefined,
    projectId: string,
    versionId: string,
    input: RevertInput,
  ): Promise<VersionRow | null>;
  revertTo(...args: unknown[]): Promise<VersionRow | null> {
    const [executor, projectId, versionId, input] = this.split<[string, string, RevertInput]>(args);
    return executor.transaction(async (tx) => {
      const target = await getVersionIn(tx, projectId, versionId);
      if (!target) return null;
      return createVersionIn(tx, {
        projectId,
        manifest: target.manifest,
        taskId: input.taskId,
        logSeq: input.logSeq,
        summary: input.summary,
      });
    });
  }
}
