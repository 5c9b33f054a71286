import { ApiCalls, ErrorMessages } from '@mason/contract';
import {
  badRequest,
  forbidden,
  HttpError,
  notFound,
  requireSession,
  usageLimitReached,
  callRoute,
} from '@mason/server-http';
import type { VersionManifest } from '@mason/server-db';
import {
  previewUnsupportedReason,
  VersionStore,
  versionUsesTailwind,
} from '@mason/server-workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findOwnedProject } from './owned-project';
import type { ProjectsContext } from './projects-context';
import { ProjectsService } from './projects.service';

/** SPEC.md 7 projects: the list, one project's life, where it stands and its preview. */
export const projectsRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;
  const service = new ProjectsService(ctx);
  const versions = new VersionStore(db);

  app.route(
    callRoute(ApiCalls.getProjects, async (request) => {
      const { user } = requireSession(request);
      return { projects: await service.list(user.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.createProject, async (request, reply) => {
      const { user } = requireSession(request);
      const body = request.body;
      if (
        body.type !== 'EXTERNAL' &&
        (body.repositoryUrl !== undefined || body.repositoryId !== undefined)
      ) {
        throw badRequest('To import a repository, make the project EXTERNAL.');
      }
      const result = await service.create(user.id, body);
      if (!result.created) {
        if ('projectLimit' in result) throw forbidden(ErrorMessages.projectLimitReached);
        if ('importRefused' in result) {
          throw new HttpError(result.importRefused.status, result.importRefused.message);
        }
        throw usageLimitReached(result.budget.resetsAt);
      }
      return reply.status(201).send({ project: result.project, firstTask: result.firstTask });
    }),
  );

  app.route(
    callRoute(ApiCalls.getProject, async (request) => {
      const { user } = requireSession(request);
      return service.view(await findOwnedProject(db, user.id, request.params.id));
    }),
  );

  app.route(
    callRoute(ApiCalls.updateProject, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return service.update(project, request.body);
    }),
  );

  app.route(
    callRoute(ApiCalls.deleteProject, async (request) => {
      const { user } = requireSession(request);
      await service.remove(await findOwnedProject(db, user.id, request.params.id));
      return { ok: true as const };
    }),
  );

  app.route(
    callRoute(ApiCalls.getProjectStatus, async (request) => {
      const { user } = requireSession(request);
      return service.status(await findOwnedProject(db, user.id, request.params.id));
    }),
  );

  app.route(
    callRoute(ApiCalls.getProjectPreview, async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(db, session.user.id, request.params.id);
      const latest = await versions.latestVersion(project.id);
      if (!latest) throw notFound('This project has no files yet.');
      const { url, origin, expiresAt } = ctx.preview.signed(session, project.id);
      return {
        url,
        origin,
        versionIndex: latest.index,
        versionId: latest.id,
        expiresAt: expiresAt.toISOString(),
        tailwind: await versionUsesTailwind(db, latest.manifest as VersionManifest),
        unsupportedReason: await previewUnsupportedReason(db, latest.manifest as VersionManifest),
      };
    }),
  );
};
