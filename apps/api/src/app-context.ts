import type { Database } from '@mason/server-db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@mason/server-config';
import type { GoogleVerifier, Mailer, RateLimiter, SessionLinks } from '@mason/server-auth';
import type { BackgroundTasks, EventStreams } from '@mason/server-http';
import type { GithubClient } from '@mason/server-code-hosting';
import type { SecretBox } from '@mason/server-projects';
import type { BlobCollector, TaskLoop } from '@mason/server-tasks';

/** What the route plugins of every domain share. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  background: BackgroundTasks;
  /** null while GOOGLE_CLIENT_ID is not set. */
  google: GoogleVerifier | null;
  /** GitHub through Octokit; null while GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are not set. */
  github: GithubClient | null;
  log: FastifyBaseLogger;
  /** Projects, tasks, the assistant's turns and their live events. */
  taskLoop: TaskLoop;
  /** Links a browser opens without Mason's header (previews, code downloads, images). */
  links: SessionLinks;
  /** Open event streams, by session: they end with it. */
  streams: EventStreams;
  /** Encrypts project environment variables at rest. */
  secrets: SecretBox;
  /** Deletes blobs that nothing references any more (after a project is deleted). */
  blobs: BlobCollector;
}
