import { ApiCalls } from '@mason/contract';
import type { VersionManifest } from '@mason/server-db';
import { putBlobs } from '@mason/server-workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, callRoute } from '@mason/server-http';
import type { AppContext } from '../app-context';
import { findOwnedProject } from '@mason/server-projects';
import { projectChannel } from '@mason/server-tasks';

/**
 * POST /bench/projects/:id/files (only with BENCH_ROUTES=true, for `npm run bench`): writes
 * files as one new version of the project through the version store, outside any task, and
 * announces the files and then the version like a task's turn (the preview's live stream), so
 * the preview benchmarks can time an edit from the write to the pixels without an assistant's
 * turn in between.
 */
export const benchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.benchWriteFiles, async (request) => {
      const { user } = await requireSession(request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      const entries = Object.entries(request.body.files);
      // Live previews follow the files as they are written, like an assistant's turn's writes;
      // the version stored next is the checkpoint (and is announced as usual).
      ctx.taskLoop.bus.publish(projectChannel(project.id), {
        type: 'files',
        changes: request.body.files,
      });
      const written = entries.filter((entry): entry is [string, string] => entry[1] !== null);
      const hashes = await putBlobs(
        ctx.db,
        written.map(([, text]) => text),
      );
      // The bench is the project's only writer while it runs: no lock between these two.
      const { versions } = ctx.taskLoop;
      const latest = await versions.latestVersion(project.id);
      const manifest: VersionManifest = { ...(latest?.manifest as VersionManifest | undefined) };
      written.forEach(([filePath], index) => {
        manifest[filePath] = hashes[index] as string;
      });
      for (const [filePath, text] of entries) if (text === null) delete manifest[filePath];
      const version = await versions.createVersion({
        projectId: project.id,
        manifest,
        parentVersionId: latest?.id ?? null,
        summary: request.body.summary ?? 'Benchmark edit',
      });
      ctx.taskLoop.bus.publish(projectChannel(project.id), {
        type: 'version',
        versionId: version.id,
        index: version.index,
      });
      return { versionId: version.id, index: version.index };
    }),
  );
};
