// Every name made from a caller's value is checked or derived here: project ids become folder
// names (PGlite) and database names (PostgreSQL server), snapshot ids become both.
import { createHash, randomBytes } from 'node:crypto';
import type { AppEnvironment, DatabaseKey } from './types';

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const PREFIX = /^[a-z][a-z0-9_]{0,15}$/;
const SNAPSHOT_ID = /^[0-9a-z]{9}[0-9a-f]{4}$/;
const ENVIRONMENTS: readonly AppEnvironment[] = ['development', 'production'];

/** The key of a database, after checking the project id and the environment. */
export function databaseKey(projectId: string, environment: AppEnvironment): DatabaseKey {
  if (typeof projectId !== 'string' || !PROJECT_ID.test(projectId))
    throw new Error(`Not a project id: ${JSON.stringify(projectId)}`);
  if (!ENVIRONMENTS.includes(environment))
    throw new Error(`Not an environment: ${JSON.stringify(environment)}`);
  return { projectId, environment };
}

export function checkProjectId(projectId: string): string {
  return databaseKey(projectId, 'development').projectId;
}

export function checkDatabasePrefix(prefix: string): string {
  if (!PREFIX.test(prefix))
    throw new Error(
      `A database prefix is a lower-case letter and up to 15 letters, digits or _: ${JSON.stringify(prefix)}`,
    );
  return prefix;
}

/**
 * The server database of a project and environment: the prefix, the project id's first 16
 * letters and digits (for a person reading pg_database), a hash of the whole id (two ids that
 * sanitise alike stay apart) and the environment. At most 46 characters, so a snapshot's name
 * (`<name>_s<id>`, 61) stays under PostgreSQL's 63.
 */
export function serverDatabaseName(prefix: string, key: DatabaseKey): string {
  const readable = key.projectId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, 16);
  const hash = createHash('sha256').update(key.projectId).digest('hex').slice(0, 8);
  return `${checkDatabasePrefix(prefix)}${readable}_${hash}_${key.environment === 'production' ? 'prod' : 'dev'}`;
}

/** A new snapshot id: the time in base 36 (so ids sort by time) and 4 random hex digits. */
export function newSnapshotId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(2).toString('hex')}`;
}

export function isSnapshotId(id: string): boolean {
  return typeof id === 'string' && SNAPSHOT_ID.test(id);
}

export function checkSnapshotId(id: string): string {
  if (!isSnapshotId(id)) throw new UnknownSnapshotError(id);
  return id;
}

export function snapshotCreatedAt(id: string): Date {
  return new Date(parseInt(id.slice(0, 9), 36));
}

export class UnknownSnapshotError extends Error {
  readonly snapshotId: string;
  constructor(snapshotId: string) {
    super(`No snapshot ${JSON.stringify(snapshotId)}`);
    this.name = 'UnknownSnapshotError';
    this.snapshotId = snapshotId;
  }
}
