import {
  API_PREFIX,
  ApiRoutes,
  IdParamsSchema,
  IdSchema,
  ProjectCodeResponseSchema,
  ProjectFilePathsResponseSchema,
  ProjectFilesQuerySchema,
  ProjectFilesResponseSchema,
} from '@mason/contract';
import {
  bearerSecurity,
  errorResponses,
  forbidden,
  notFound,
  requireSession,
} from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { findOwnedProject } from './owned-project';
import { ProjectFilesService } from './project-files.service';
import type { ProjectsContext } from './projects-context';
import { projectTags } from './projects.routes';

/** The newest version's files, and its code as a zip behind a short-lived link. */
export const projectFilesRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;
  const service = new ProjectFilesService(ctx);

  app.get(
    ApiRoutes.projectFilePaths,
    {
      schema: {
        summary: 'Every file path of the newest version, sorted',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: ProjectFilePathsResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return service.filePaths(project.id);
    },
  );

  app.get(
    ApiRoutes.projectFiles,
    {
      schema: {
        summary: 'Files of the newest version: one file, a folder, or (no filePath) all',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        querystring: ProjectFilesQuerySchema,
        response: { 200: ProjectFilesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const { filePath } = request.query;
      const found = await service.files(project.id, filePath);
      if (!found) throw notFound(`There is no file or folder ${filePath} in this project.`);
      return found;
    },
  );

  app.get(
    ApiRoutes.projectCode,
    {
      schema: {
        summary: "A short-lived link to a zip of the newest version's source",
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: ProjectCodeResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(db, session.user.id, request.params.id);
      const downloadPath = `${API_PREFIX}${ApiRoutes.projectCodeDownload.replace(':id', project.id)}`;
      const link = await service.codeLink(session, project.id, downloadPath);
      if (!link) throw notFound('This project has no files yet.');
      return link;
    },
  );

  app.get(
    ApiRoutes.projectCodeDownload,
    {
      schema: {
        summary:
          'The zip a code link points to: the link is the permission, and it ends with the session that asked for it',
        tags: projectTags,
        params: IdParamsSchema,
        querystring: z.object({
          version: IdSchema,
          token: z.string().check(z.maxLength(300)),
        }),
        response: { ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { version: versionId, token } = request.query;
      const projectId = request.params.id;
      const session = await service.openCodeLink(projectId, versionId, token);
      if (!session) {
        throw forbidden(
          'This download link does not work: it has expired, or you logged out. Ask for a new one.',
        );
      }
      await findOwnedProject(db, session.user.id, projectId);
      const archive = await service.archive(projectId, versionId);
      if (!archive) throw notFound('That version no longer exists.');
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="project-v${archive.index}.zip"`)
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(archive.zip as never)
      );
    },
  );
};
