import multipart from '@fastify/multipart';
import {
  STATIC_FILE_MAX_BYTES,
  STATIC_FILES_MAX_COUNT,
  STATIC_FILES_UPLOAD_FIELD,
  ApiCalls,
} from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badRequest,
  discardRefusedUpload,
  HttpError,
  payloadTooLarge,
  requireSession,
  callRoute,
} from '@mason/server-http';
import { findOwnedProject } from './owned-project';
import { StaticFiles } from './static-files';
import type { ProjectsContext } from './projects-context';

const MAX_MB = Math.round(STATIC_FILE_MAX_BYTES / 1024 / 1024);
const NOT_MULTIPART = `Send the files as multipart/form-data in the field "${STATIC_FILES_UPLOAD_FIELD}".`;

// Control characters (NUL included) and the marks that reorder text: a name shows as it reads.
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A media type as browsers send them ('text/markdown', 'image/svg+xml'); anything else is bytes. */
const MEDIA_TYPE = /^[a-z0-9][\w.+-]{0,63}\/[a-z0-9][\w.+-]{0,126}$/i;

/** The name a file is kept under: what the browser sent, without what cannot be shown. */
export function cleanFileName(name: string): string {
  const cleaned = name.replace(UNSHOWABLE, '').trim().slice(0, 255);
  return cleaned || 'file';
}

/** POST /projects/:id/static-files: files to attach to a task or message (multipart, field `files`). */
export const staticFilesRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const uploads = new StaticFiles(ctx);
  await app.register(multipart, {
    limits: {
      fileSize: STATIC_FILE_MAX_BYTES,
      files: STATIC_FILES_MAX_COUNT,
      fields: 0,
      parts: STATIC_FILES_MAX_COUNT + 1,
    },
  });

  app.route(
    callRoute(ApiCalls.uploadStaticFiles, async (request, reply) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
      // Browsers send uploads with their length: one without it is refused before it is read.
      if (request.headers['content-length'] === undefined) {
        throw new HttpError(411, 'Send the upload with a Content-Length header.');
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
            fileName: cleanFileName(part.filename),
            contentType: MEDIA_TYPE.test(part.mimetype)
              ? part.mimetype
              : 'application/octet-stream',
            bytes,
          });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        await discardRefusedUpload(request.raw, error);
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw payloadTooLarge(`A file is larger than ${MAX_MB} MB.`);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw badRequest(`Attach at most ${STATIC_FILES_MAX_COUNT} files at once.`);
        }
        if (code === 'FST_FIELDS_LIMIT') throw badRequest('Send only files, no other fields.');
        if (error instanceof HttpError) throw error;
        // busboy's own words for a body that is not multipart: no boundary, cut short, malformed.
        request.log.info({ err: error }, 'a malformed upload');
        throw badRequest(
          `${NOT_MULTIPART} The upload could not be read: it is cut short or malformed.`,
        );
      }
      if (received.length === 0) throw badRequest('Choose at least one file to upload.');
      const files = await uploads.store(project.id, user.id, received);
      return reply.status(201).send({ files });
    }),
  );
};
