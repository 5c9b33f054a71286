import { projects, versions, type BuildManifest, type VersionManifest } from '@mason/server-db';
import { putBlobs, readBlobs } from '@mason/server-workspace';
import { eq } from 'drizzle-orm';
import { IncrementalBuilds } from '../build/incremental-builds';
import type { SourceFiles } from '../build/production-build';
import type { DeployContext } from '../deploy-context';
import { claimDeployment, finishBuilt, finishFailed } from './deployments.repository';

/**
 * How long a worker's claim on a build holds. Builds take seconds; a claim left by a process
 * that died is taken up again after this.
 */
export const BUILD_LEASE_MS = 5 * 60 * 1000;

/** Projects whose last files are kept between builds, and the largest file kept. */
const KEPT_PROJECTS = 8;
const KEPT_BLOB_BYTES = 256 * 1024;

const UNEXPECTED =
  'Mason could not build this version because of a problem on our side. Publish again in a moment.';

/**
 * Runs deployments (the job source of the `deployment` queue): claims one, builds its version
 * for production, stores the output as blobs, and makes it LIVE, or records why it FAILED and
 * tells the task that made the version.
 */
export class DeploymentBuilder {
  private readonly builds = new IncrementalBuilds();
  /** Per project built lately (the newest last): its last version's blobs, by hash. */
  private readonly lastBlobs = new Map<string, Map<string, Buffer>>();

  constructor(
    private readonly ctx: Pick<DeployContext, 'db' | 'log' | 'tasks' | 'projects'>,
    private readonly workerId: string,
  ) {}

  /** Lets the kept esbuild contexts go (the process is stopping). */
  close(): Promise<void> {
    return this.builds.close();
  }

  /**
   * A version's files. The blobs of the project's last build are kept (small ones, for the few
   * projects built last): publishing again reads only the files that changed.
   */
  private async filesOf(projectId: string, manifest: VersionManifest): Promise<SourceFiles> {
    const known = this.lastBlobs.get(projectId) ?? new Map<string, Buffer>();
    const wanted = Object.values(manifest).filter((hash) => !known.has(hash));
    const read = wanted.length > 0 ? await readBlobs(this.ctx.db, wanted) : new Map();
    const files = new Map<string, Uint8Array>();
    const kept = new Map<string, Buffer>();
    for (const [filePath, hash] of Object.entries(manifest)) {
      const content = known.get(hash) ?? read.get(hash);
      if (!content) continue;
      files.set(filePath, content);
      if (content.length <= KEPT_BLOB_BYTES) kept.set(hash, content);
    }
    this.lastBlobs.delete(projectId);
    this.lastBlobs.set(projectId, kept);
    for (const old of [...this.lastBlobs.keys()].slice(0, -KEPT_PROJECTS))
      this.lastBlobs.delete(old);
    return files;
  }

  async run(id: string): Promise<void> {
    const { db, log } = this.ctx;
    const claimed = await claimDeployment(db, id, this.workerId, BUILD_LEASE_MS);
    if (!claimed) return;
    try {
      await this.build(claimed.id, claimed.projectId, claimed.versionId);
    } catch (error) {
      log.error({ err: error, deploymentId: id }, 'A deployment could not be built');
      await finishFailed(db, id, this.workerId, UNEXPECTED, [`error: ${UNEXPECTED}`]);
    }
  }

  private async build(id: string, projectId: string, versionId: string): Promise<void> {
    const { db } = this.ctx;
    const [version] = await db
      .select({ manifest: versions.manifest, taskId: versions.taskId, index: versions.index })
      .from(versions)
      .where(eq(versions.id, versionId));
    if (!version) return;
    const [project] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId));
    const files = await this.filesOf(projectId, version.manifest);
    const define = await this.ctx.projects.buildDefines(projectId);
    const result = await this.builds.build(projectId, files as SourceFiles, {
      define,
      ...(project && { title: project.name }),
    });
    if (!result.ok) {
      const errors = result.diagnostics
        .filter((diagnostic) => diagnostic.severity === 'error')
        .map((diagnostic) =>
          diagnostic.file
            ? `${diagnostic.file}:${diagnostic.line ?? 1}:${diagnostic.column ?? 1}: ${diagnostic.message}`
            : diagnostic.message,
        );
      const error = `The build failed with ${errors.length === 1 ? '1 error' : `${errors.length} errors`}: ${errors[0] ?? 'see the build log'}`;
      if (!(await finishFailed(db, id, this.workerId, error, [...result.log]))) return;
      if (version.taskId) {
        await this.ctx.tasks.buildFailed(version.taskId, { versionIndex: version.index, errors });
      }
      return;
    }
    // The build works: its migrations go to the production database before it goes live. A
    // failing one fails the publish, and what is served (files and database) stays as it was.
    const migration = await this.ctx.projects.migrateProduction?.(projectId, files, id);
    if (migration && !migration.ok) {
      const at = `${migration.file}${migration.line === null ? '' : `:${migration.line}`}`;
      const error = `The database migration failed: ${at}: ${migration.message}`;
      const logged = [...result.log, `error: ${error}`];
      if (!(await finishFailed(db, id, this.workerId, error, logged))) return;
      if (version.taskId) {
        await this.ctx.tasks.buildFailed(version.taskId, {
          versionIndex: version.index,
          errors: [`${at}: ${migration.message}`],
          stage: 'migration',
        });
      }
      return;
    }
    const paths = [...result.files.keys()];
    const hashes = await putBlobs(db, [...result.files.values()]);
    const manifest: BuildManifest = Object.fromEntries(
      paths.map((sitePath, index) => [sitePath, hashes[index] as string]),
    );
    await db.transaction((tx) => finishBuilt(tx, id, this.workerId, manifest, [...result.log]));
  }
}
