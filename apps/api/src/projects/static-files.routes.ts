import multipart from '@fastify/multipart';
import {
  ApiRoutes,
  IdParamsSchema,
  STATIC_FILE_MAX_BYTES,
  STATIC_FILES_MAX_COUNT,
  STATIC_FILES_UPLOAD_FIELD,
  StaticFilesUploadResponseSchema,
  type StaticFile,
} from '@mason/contract';
import { staticFiles } from '@mason/server-db';
import { putBlobs } from '@mason/server-workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { bearerSecurity, requireSession } from '../auth/authenticate';
import { errorResponses } from '../http/error-responses';
import { badRequest, payloadTooLarge } from '../http/http-error';
import { findOwnedProject } from './projects.repository';

const MAX_MB = Math.round(STATIC_FILE_MAX_BYTES / 1024 / 1024);

/** POST /projects/:id/static-files: files to attach to a task or message (multipart, field `files`). */
export const staticFilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: STATIC_FILE_MAX_BYTES,
      files: STATIC_FILES_MAX_COUNT,
      fields: 0,
      parts: STATIC_FILES_MAX_COUNT + 1,
    },
  });

  app.post(
    ApiRoutes.projectStaticFiles,
    {
      schema: {
        summary: `Upload files to attach to a message (field "${STATIC_FILES_UPLOAD_FIELD}", at most ${STATIC_FILES_MAX_COUNT} files of ${MAX_MB} MB)`,
        tags: ['projects'],
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: {
          201: StaticFilesUploadResponseSchema,
          ...errorResponses(400, 401, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(ctx, request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      if (!request.isMultipart()) {
        throw badRequest(
          `Send the files as multipart/form-data in the field "${STATIC_FILES_UPLOAD_FIELD}".`,
        );
      }
      const received: { fileName: string; contentType: string; bytes: Buffer }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== STATIC_FILES_UPLOAD_FIELD) {
            throw badRequest(`Send the files in the field "${STATIC_FILES_UPLOAD_FIELD}".`);
          }
          const bytes = await part.toBuffer();
          received.push({
            fileName: part.filename.slice(0, 255) || 'file',
            contentType: part.mimetype || 'application/octet-stream',
            bytes,
          });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw payloadTooLarge(`A file is larger than ${MAX_MB} MB.`);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw badRequest(`Attach at most ${STATIC_FILES_MAX_COUNT} files at once.`);
        }
        if (code === 'FST_FIELDS_LIMIT') throw badRequest('Send only files, no other fields.');
        throw error;
      }
      if (received.length === 0) throw badRequest('Choose at least one file to upload.');
      const hashes = await putBlobs(
        ctx.db,
        received.map((file) => file.bytes),
      );
      const rows = await ctx.db
        .insert(staticFiles)
        .values(
          received.map((file, index) => ({
            projectId: project.id,
            userId: user.id,
            fileName: file.fileName,
            contentType: file.contentType,
            size: file.bytes.length,
            blobHash: hashes[index],
          })),
        )
        .returning();
      const files: StaticFile[] = rows.map((row) => ({
        id: row.id,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        createdAt: row.createdAt.toISOString(),
      }));
      return reply.status(201).send({ files });
    },
  );
};
