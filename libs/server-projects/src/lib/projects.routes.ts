import {
  ApiRoutes,
  CreateProjectRequestSchema,
  CreateProjectResponseSchema,
  IdParamsSchema,
  OkResponseSchema,
  ProjectPreviewResponseSchema,
  ProjectSchema,
  ProjectStatusResponseSchema,
  ProjectsResponseSchema,
  UpdateProjectRequestSchema,
} from '@mason/contract';
import {
  badRequest,
  bearerSecurity,
  errorResponses,
  notFound,
  requireSession,
  usageLimitReached,
} from '@mason/server-http';
import { VersionStore } from '@mason/server-workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findOwnedProject } from './owned-project';
import type { ProjectsContext } from './projects-context';
import { ProjectsService } from './projects.service';

export const projectTags = ['projects'];

/** SPEC.md 7 projects: the list, one project's life, where it stands and its preview. */
export const projectsRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;
  const service = new ProjectsService(ctx);
  const versions = new VersionStore(db);

  app.get(
    ApiRoutes.projects,
    {
      schema: {
        summary: "The user's projects, newest first",
        tags: projectTags,
        security: bearerSecurity,
        response: { 200: ProjectsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      return { projects: await service.list(user.id) };
    },
  );

  app.post(
    ApiRoutes.projects,
    {
      schema: {
        summary:
          'Create a project from a description: the starter app and its first task, which starts at once',
        tags: projectTags,
        security: bearerSecurity,
        body: CreateProjectRequestSchema,
        response: { 201: CreateProjectResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const body = request.body;
      if (body.type === 'EXTERNAL' || body.repositoryId !== undefined) {
        throw badRequest(
          'Importing a project from a repository needs a connected code-hosting account, which is not available yet.',
        );
      }
      const result = await service.create(user.id, body);
      if (!result.created) throw usageLimitReached(result.budget.resetsAt);
      return reply.status(201).send({ project: result.project, firstTask: result.firstTask });
    },
  );

  app.get(
    ApiRoutes.project,
    {
      schema: {
        summary: 'One project (401 without a session, 404 when it is not the caller’s)',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: ProjectSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      return service.view(await findOwnedProject(db, user.id, request.params.id));
    },
  );

  app.put(
    ApiRoutes.project,
    {
      schema: {
        summary: 'Rename the project or change its description',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: UpdateProjectRequestSchema,
        response: { 200: ProjectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return service.update(project, request.body);
    },
  );

  app.delete(
    ApiRoutes.project,
    {
      schema: {
        summary: 'Delete the project with its tasks, versions and files',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: OkResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      await service.remove(await findOwnedProject(db, user.id, request.params.id));
      return { ok: true as const };
    },
  );

  app.get(
    ApiRoutes.projectStatus,
    {
      schema: {
        summary: 'Where the project stands: status, preview, newest version, the task at work',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: ProjectStatusResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      return service.status(await findOwnedProject(db, user.id, request.params.id));
    },
  );

  app.get(
    ApiRoutes.projectPreview,
    {
      schema: {
        summary: 'Where the newest version runs in the preview, with a signed access token',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: ProjectPreviewResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
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
      };
    },
  );
};
