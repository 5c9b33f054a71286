import { API_PREFIX, ApiRoutes, ApiCalls } from '@mason/contract';
import { forbidden, notFound, requireSession, callRoute } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findOwnedProject } from './owned-project';
import { ProjectFilesService } from './project-files.service';
import type { ProjectsContext } from './projects-context';

/** The newest version's files, and its code as a zip behind a short-lived link. */
export const projectFilesRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;
  const service = new ProjectFilesService(ctx);

  app.route(
    callRoute(ApiCalls.getProjectFilePaths, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return service.filePaths(project.id);
    }),
  );

  app.route(
    callRoute(ApiCalls.getProjectFiles, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const { filePath } = request.query;
      const found = await service.files(project.id, filePath);
      if (!found) throw notFound(`There is no file or folder ${filePath} in this project.`);
      return found;
    }),
  );

  app.route(
    callRoute(ApiCalls.getProjectCode, async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(db, session.user.id, request.params.id);
      const downloadPath = `${API_PREFIX}${ApiRoutes.projectCodeDownload.replace(':id', project.id)}`;
      const { versionId } = request.query;
      const link = await service.codeLink(session, project.id, downloadPath, versionId);
      if (!link) {
        throw notFound(
          versionId ? 'This project has no such version.' : 'This project has no files yet.',
        );
      }
      return link;
    }),
  );

  app.route(
    callRoute(ApiCalls.downloadProjectCode, async (request, reply) => {
      const { version: versionId, token } = request.query;
      const projectId = request.params.id;
      const session = await service.openCodeLink(projectId, versionId, token);
      if (!session) {
        throw forbidden(
          'This download link does not work: it has expired, or you logged out. Ask for a new one.',
        );
      }
      const project = await findOwnedProject(db, session.user.id, projectId);
      const archive = await service.archive(project, versionId);
      if (!archive) throw notFound('That version no longer exists.');
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${archive.fileName}"`)
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(archive.zip as never)
      );
    }),
  );
};
