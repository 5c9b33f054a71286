import type { Database } from '@mason/server-db';
import type { SessionLinks } from '@mason/server-auth';
import type { TasksPreviewPort } from '@mason/server-tasks';
import type { AppConfig } from '@mason/server-config';
import { previewUrl, recentPreviewErrors, signedPreviewUrl } from '@mason/server-preview';

/** The preview's URLs and runtime errors, as the task loop needs them (it signs nothing). */
export function previewForTasks(
  config: AppConfig,
  db: Database,
): Pick<TasksPreviewPort, 'url' | 'recentErrors'> {
  return {
    url: (projectId, versionIndex) => previewUrl(config, projectId, versionIndex),
    recentErrors: (projectId) => recentPreviewErrors(db, projectId),
  };
}

/** The same, and URLs signed for a reader's session (the routes' answers). */
export function previewForReaders(
  config: AppConfig,
  db: Database,
  links: SessionLinks,
): TasksPreviewPort {
  return {
    ...previewForTasks(config, db),
    signedUrl: (session, projectId, versionIndex) =>
      signedPreviewUrl(config, links, session, projectId, versionIndex).url,
  };
}
