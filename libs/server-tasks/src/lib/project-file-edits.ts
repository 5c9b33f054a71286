import type { Database, Transaction, VersionManifest, VersionRow } from '@mason/server-db';
import { lockProject, type VersionStore } from '@mason/server-workspace';
import type { TaskEventBus } from './task-events';
import { newestTaskOf } from './task-records.repository';
import type { TasksPreviewPort } from './tasks-context';
import { type TaskWriter, withTask } from './tasks.repository';
import { announceVersion } from './version-entries';

/** One file a person changed outside the assistant's turns (an uploaded asset, a removed one). */
export interface ProjectFileEdit {
  /** A normalised project path, such as `public/logo.png`. */
  readonly path: string;
  /** The stored blob the file now holds (putBlobs first), or null to remove it. */
  readonly hash: string | null;
  /** The words of its FILE_CHANGE entry: "Added public/logo.png". */
  readonly description: string;
}

/** What a plan answers: the edits to make, the version's one line, and what its caller wants back. */
export interface ProjectFileEditPlan<T> {
  readonly edits: readonly ProjectFileEdit[];
  readonly summary: string;
  readonly result: T;
}

/**
 * Runs in the edit's transaction, under the project's lock, with its newest version (null before
 * the first): it checks what it must, writes its own rows in `tx`, and answers the edits.
 * Throwing (a RuleViolation) rolls everything back.
 */
export type ProjectFileEditPlanner<T> = (
  tx: Transaction,
  latest: VersionRow | null,
) => Promise<ProjectFileEditPlan<T>>;

export interface ProjectFileEditsDeps {
  db: Database;
  bus: TaskEventBus;
  versions: VersionStore;
  preview: Pick<TasksPreviewPort, 'url'>;
}

/**
 * Files a person changes outside the assistant's turns (assets today), made a version the way a
 * turn or a visual edit makes one: on the project's newest version, recorded on the project's
 * newest task with a FILE_CHANGE entry per file and the VERSION entry, so the task's history,
 * the live preview and a revert all see it. A turn running meanwhile keeps its own changes: it
 * commits them onto the newest version, this one included.
 */
export class ProjectFileEdits {
  constructor(private readonly deps: ProjectFileEditsDeps) {}

  /** The new version (null when the edits change nothing) and the plan's result. */
  async edit<T>(
    projectId: string,
    plan: ProjectFileEditPlanner<T>,
  ): Promise<{ version: VersionRow | null; result: T }> {
    const { db, bus } = this.deps;
    const task = await newestTaskOf(db, projectId);
    // Every project has a first task; a version is still made for one that has none.
    if (!task) return db.transaction((tx) => this.apply(tx, projectId, null, plan));
    const { result } = await withTask(db, bus, task.id, (writer) =>
      this.apply(writer.tx, projectId, writer, plan),
    );
    return result;
  }

  private async apply<T>(
    tx: Transaction,
    projectId: string,
    writer: TaskWriter | null,
    plan: ProjectFileEditPlanner<T>,
  ): Promise<{ version: VersionRow | null; result: T }> {
    const { versions, preview } = this.deps;
    await lockProject(tx, projectId);
    const latest = await versions.latestVersion(tx, projectId);
    const { edits, summary, result } = await plan(tx, latest);
    const before: VersionManifest = latest?.manifest ?? {};
    const manifest: VersionManifest = { ...before };
    const made = edits.filter((edit) => (before[edit.path] ?? null) !== edit.hash);
    for (const edit of made) {
      if (edit.hash === null) delete manifest[edit.path];
      else manifest[edit.path] = edit.hash;
    }
    if (made.length === 0) return { version: null, result };
    const version = await versions.createVersion(tx, {
      projectId,
      manifest,
      taskId: writer?.task.id ?? null,
      parentVersionId: latest?.id ?? null,
      summary,
    });
    if (!writer) return { version, result };
    const changes = await versions.diffManifests(tx, before, manifest);
    for (const edit of made) {
      const change = changes.find((candidate) => candidate.path === edit.path);
      if (!change) continue;
      await writer.append('FILE_CHANGE', edit.description, {
        path: change.path,
        change: change.change,
        additions: change.additions,
        deletions: change.deletions,
      });
    }
    return { version: await announceVersion(writer, preview, version, summary), result };
  }
}
