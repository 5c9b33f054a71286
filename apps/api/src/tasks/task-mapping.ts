import type { Session, SessionLinks } from '@mason/server-auth';
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

/** Who reads a version: its preview URL then carries a token for their session (owners only). */
export interface PreviewAccess {
  links: SessionLinks;
  session: Pick<Session, 'id'>;
}

export function toVersion(config: AppConfig, row: VersionRow, access?: PreviewAccess): Version {
  return {
    versionId: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    logId: row.logSeq === null ? null : logIdOf(row.logSeq),
    index: row.index,
    previewUrl: access
      ? signedPreviewUrl(config, access.links, access.session, row.projectId, row.index).url
      : previewUrl(config, row.projectId, row.index),
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}
