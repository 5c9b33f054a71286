import { and, eq, inArray } from 'drizzle-orm';
import {
  ApiRoutes,
  CreateProjectRequestSchema,
  CreateProjectResponseSchema,
  EnvVariableParamsSchema,
  EnvVariableSchema,
  EnvVariablesResponseSchema,
  IdParamsSchema,
  IdSchema,
  OkResponseSchema,
  ProjectCodeResponseSchema,
  ProjectFilePathsResponseSchema,
  ProjectFilesQuerySchema,
  ProjectFilesResponseSchema,
  ProjectSchema,
  ProjectStatusResponseSchema,
  ProjectsResponseSchema,
  SetEnvVariableRequestSchema,
  UpdateProjectRequestSchema,
  type ProjectFile,
  ProjectPreviewResponseSchema,
} from '@mason/contract';
import { projects, taskTurns, tasks, type VersionManifest } from '@mason/server-db';
import { blobSizes, createProjectFromTemplate, readBlobs } from '@mason/server-workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zipSync } from 'fflate';
import * as z from 'zod/mini';
import type { AppContext } from '../app-context';
import {
  badRequest,
  errorResponses,
  forbidden,
  notFound,
  requireSession,
  bearerSecurity,
} from '@mason/server-http';
import { signedPreviewUrl } from '../preview/preview-access';
import { toTask } from '../tasks/task-mapping';
import { assertWithinBudget } from '../tasks/usage';
import { deleteEnvVariable, listEnvVariables, setEnvVariable } from './env-variables';
import {
  findOwnedProject,
  listProjects,
  nameFromDescription,
  projectView,
} from './projects.repository';
import { staticFilesRoutes } from './static-files.routes';

const projectTags = ['projects'];
/** How long a code download link works. */
const CODE_LINK_SECONDS = 10 * 60;

export const projectsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

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
      const { user } = await requireSession(request);
      return { projects: await listProjects(db, config, user.id) };
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
      const { user } = await requireSession(request);
      const body = request.body;
      if (body.type === 'EXTERNAL' || body.repositoryId !== undefined) {
        throw badRequest(
          'Importing a project from a repository needs a connected code-hosting account, which is not available yet.',
        );
      }
      await assertWithinBudget(db, config, user.id);
      const service = ctx.taskLoop.service;
      // No static files here: the project does not exist yet to own them.
      const prepared = await service.prepareMessage(db, null, {
        content: body.description,
        images: body.images,
      });
      const { project, task, turnId } = await db.transaction(async (tx) => {
        const [project] = await tx
          .insert(projects)
          .values({
            userId: user.id,
            name: body.name ?? nameFromDescription(body.description),
            description: body.description,
            type: 'INTERNAL',
            status: 'READY',
          })
          .returning();
        await createProjectFromTemplate(tx, project.id, { summary: 'Starter app' });
        const { task, turnId } = await service.createTask(tx, prepared, {
          projectId: project.id,
          userId: user.id,
          description: body.description,
          model: body.model,
        });
        return { project, task, turnId };
      });
      await service.wake(turnId);
      return reply.status(201).send({
        project: await projectView(db, config, project),
        firstTask: toTask(task),
      });
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
      const { user } = await requireSession(request);
      return projectView(db, config, await findOwnedProject(db, user.id, request.params.id));
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
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const { name, description } = request.body;
      const [row] = await db
        .update(projects)
        .set({
          ...(name === undefined ? {} : { name }),
          ...(description === undefined ? {} : { description }),
          updatedAt: new Date(),
        })
        .where(eq(projects.id, project.id))
        .returning();
      return projectView(db, config, row);
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
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const taskIds = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(eq(tasks.projectId, project.id));
      await db.delete(projects).where(eq(projects.id, project.id));
      for (const { id } of taskIds) {
        ctx.taskLoop.runner?.abortTask(id);
        ctx.taskLoop.cursors.forget(id);
      }
      // Its files, uploads and images go too, unless another project holds the same content.
      ctx.background.run('collect blobs', () => ctx.blobs.collect());
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
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const view = await projectView(db, config, project);
      const [active] = await db
        .select({ taskId: taskTurns.taskId })
        .from(taskTurns)
        .innerJoin(tasks, eq(tasks.id, taskTurns.taskId))
        .where(
          and(eq(tasks.projectId, project.id), inArray(taskTurns.status, ['QUEUED', 'RUNNING'])),
        )
        .limit(1);
      return {
        projectId: project.id,
        status: view.status,
        previewUrl: view.previewUrl,
        latestVersionId: view.latestVersionId,
        activeTaskId: active?.taskId ?? null,
        updatedAt: view.updatedAt,
      };
    },
  );

  /** The newest version's manifest (empty before the first version). */
  async function latestManifest(projectId: string) {
    const version = await ctx.taskLoop.versions.latestVersion(db, projectId);
    return {
      versionId: version?.id ?? null,
      versionIndex: version?.index ?? null,
      manifest: (version?.manifest ?? {}) as VersionManifest,
    };
  }

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
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const { versionId, versionIndex, manifest } = await latestManifest(project.id);
      return { versionId, versionIndex, filePaths: Object.keys(manifest).sort() };
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
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const { versionId, manifest } = await latestManifest(project.id);
      const { filePath } = request.query;
      const paths = Object.keys(manifest)
        .sort()
        .filter(
          (path) =>
            !filePath || path === filePath || path.startsWith(`${filePath.replace(/\/$/, '')}/`),
        );
      if (filePath && paths.length === 0)
        throw notFound(`There is no file or folder ${filePath} in this project.`);
      const contents = await readBlobs(
        db,
        paths.map((path) => manifest[path]),
      );
      const files: ProjectFile[] = paths.map((path) => {
        const bytes = contents.get(manifest[path]) ?? Buffer.alloc(0);
        const text = isText(bytes);
        return {
          path,
          content: text ? bytes.toString('utf8') : bytes.toString('base64'),
          encoding: text ? 'utf8' : 'base64',
          size: bytes.length,
        };
      });
      return { versionId, files };
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
      const session = await requireSession(request);
      const project = await findOwnedProject(db, session.user.id, request.params.id);
      const latest = await ctx.taskLoop.versions.latestVersion(db, project.id);
      if (!latest) throw notFound('This project has no files yet.');
      const { url, origin, expiresAt } = signedPreviewUrl(
        ctx.config,
        ctx.links,
        session,
        project.id,
      );
      return {
        url,
        origin,
        versionIndex: latest.index,
        versionId: latest.id,
        expiresAt: expiresAt.toISOString(),
      };
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
      const session = await requireSession(request);
      const project = await findOwnedProject(db, session.user.id, request.params.id);
      const { versionId, manifest } = await latestManifest(project.id);
      if (!versionId) throw notFound('This project has no files yet.');
      const sizes = await blobSizes(db, Object.values(manifest));
      const { token, expiresAt } = ctx.links.sign('code', `${project.id}:${versionId}`, session, {
        ttlSeconds: CODE_LINK_SECONDS,
      });
      const query = new URLSearchParams({ version: versionId, token });
      return {
        versionId,
        downloadUrl: `/api${ApiRoutes.projectCodeDownload.replace(':id', project.id)}?${query}`,
        fileCount: Object.keys(manifest).length,
        // Every file counts, also two with the same content (stored once).
        sizeBytes: Object.values(manifest).reduce((sum, hash) => sum + (sizes.get(hash) ?? 0), 0),
        expiresAt: expiresAt.toISOString(),
      };
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
      const link = await ctx.links.open('code', `${projectId}:${versionId}`, token);
      if (!link) {
        throw forbidden(
          'This download link does not work: it has expired, or you logged out. Ask for a new one.',
        );
      }
      await findOwnedProject(db, link.session.user.id, projectId);
      const version = await ctx.taskLoop.versions.getVersion(db, projectId, versionId);
      if (!version) throw notFound('That version no longer exists.');
      const manifest = version.manifest as VersionManifest;
      const contents = await readBlobs(db, Object.values(manifest));
      const entries = Object.fromEntries(
        Object.entries(manifest).map(([path, hash]) => [
          path,
          new Uint8Array(contents.get(hash) ?? Buffer.alloc(0)),
        ]),
      );
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="project-v${version.index}.zip"`)
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(Buffer.from(zipSync(entries)) as never)
      );
    },
  );

  // ---- Environment variables (the store the assistant's requests fill; its screens come later) ----

  app.get(
    ApiRoutes.projectEnv,
    {
      schema: {
        summary: "The project's environment variables, sorted by key",
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: EnvVariablesResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { variables: await listEnvVariables(db, ctx.taskLoop.box, project.id) };
    },
  );

  app.post(
    ApiRoutes.projectEnv,
    {
      schema: {
        summary: 'Add or replace an environment variable (stored encrypted)',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: SetEnvVariableRequestSchema,
        response: { 200: EnvVariableSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      await setEnvVariable(db, ctx.taskLoop.box, project.id, request.body);
      return request.body;
    },
  );

  app.delete(
    ApiRoutes.projectEnvVariable,
    {
      schema: {
        summary: 'Remove an environment variable',
        tags: projectTags,
        security: bearerSecurity,
        params: EnvVariableParamsSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      if (!(await deleteEnvVariable(db, project.id, request.params.key))) {
        throw notFound(`There is no variable ${request.params.key}.`);
      }
      return { ok: true as const };
    },
  );

  await app.register(staticFilesRoutes, { ctx });
};

/** Text is valid UTF-8 without NUL bytes; anything else travels as base64. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
