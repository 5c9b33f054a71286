import type {
  LogType,
  Model,
  PauseReason,
  Task,
  TaskLog,
  TaskState,
  Version,
} from '@mason/contract';
import type { TaskLogRow, TaskRow, VersionRow } from '@mason/server-db';
import type { CallerSession } from '@mason/server-http';
import type { TasksPreviewPort } from './tasks-context';

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    projectId: row.projectId,
    description: row.description,
    state: row.state as TaskState,
    pauseReason: row.pauseReason as PauseReason | null,
    model: row.model as Model,
    branch: row.branch,
    repositoryId: row.repositoryId,
    additionalInstructions: row.additionalInstructions,
    latestVersionId: row.latestVersionId,
    noChanges: row.state === 'COMPLETED' && row.unchanged,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API's log id of an entry: its place in the task's sequence. */
export const logIdOf = (seq: number) => String(seq);

export function toTaskLog(row: TaskLogRow): TaskLog {
  return {
    id: logIdOf(row.seq),
    taskId: row.taskId,
    type: row.type as LogType,
    content: row.content,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
  } as TaskLog;
}

/**
 * A version as the API answers it. For a reader (its owner) the preview URL carries a token for
 * their session; without one it is a link to show.
 */
export function toVersion(
  preview: Pick<TasksPreviewPort, 'url' | 'signedUrl'>,
  row: VersionRow,
  reader?: Pick<CallerSession, 'id'>,
): Version {
  return {
    versionId: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    logId: row.logSeq === null ? null : logIdOf(row.logSeq),
    index: row.index,
    previewUrl: reader
      ? preview.signedUrl(reader, row.projectId, row.index)
      : preview.url(row.projectId, row.index),
    summary: row.summary,
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
  };
}
