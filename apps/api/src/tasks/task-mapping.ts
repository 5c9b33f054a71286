import { signedPreviewUrl } from '../preview/preview-access';
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
import type { AppConfig } from '../config/app-config';
import { previewUrl } from '../projects/preview-urls';

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

/** With `previewKey`, the preview URL carries an access token (answers to the owner only). */
export function toVersion(config: AppConfig, row: VersionRow, previewKey?: Buffer): Version {
  return {
    versionId: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    logId: row.logSeq === null ? null : logIdOf(row.logSeq),
    index: row.index,
    previewUrl: previewKey
      ? signedPreviewUrl(config, previewKey, row.projectId, row.index).url
      : previewUrl(config, row.projectId, row.index),
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}
