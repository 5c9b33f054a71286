import multipart from '@fastify/multipart';
import { ASSET_MAX_BYTES, ASSET_UPLOAD_FIELD, ApiCalls } from '@mason/contract';
import {
  badRequest,
  callRoute,
  discardRefusedUpload,
  HttpError,
  notFound,
  requireSession,
} from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AssetsContext } from './assets-context';
import { AssetsService, type ReceivedAsset, tooLarge } from './assets.service';

const NOT_MULTIPART = `Send the file as multipart/form-data in the field "${ASSET_UPLOAD_FIELD}".`;
const NO_FILE =
  'This file link does not work: it has expired, you logged out, or the asset was deleted. Open the assets again.';

/**
 * GET, POST (multipart, field `file`) /projects/:id/assets, DELETE /projects/:id/assets/:assetId,
 * and GET /projects/:id/assets/:assetId/file, the signed link of a thumbnail. The routes adapt
 * HTTP; AssetsService owns the rules.
 */
export const assetsRoutes: FastifyPluginAsyncZod<{ ctx: AssetsContext }> = async (app, { ctx }) => {
  const service = new AssetsService(ctx);
  await app.register(multipart, {
    // The name as it was sent: one with a path in it is refused (a trick), not cut down quietly.
    preservePath: true,
    limits: { fileSize: ASSET_MAX_BYTES, files: 1, fields: 0, parts: 2 },
  });

  app.route(
    callRoute(ApiCalls.getProjectAssets, async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(ctx.db, session.user.id, request.params.id);
      return { assets: await service.list(project.id, session) };
    }),
  );

  app.route(
    callRoute(ApiCalls.uploadProjectAsset, async (request, reply) => {
      const session = requireSession(request);
      const project = await findOwnedProject(ctx.db, session.user.id, request.params.id);
      if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
      // Browsers send uploads with their length: one without it is refused before it is read.
      if (request.headers['content-length'] === undefined) {
        throw new HttpError(411, 'Send the upload with a Content-Length header.');
      }
      let received: ReceivedAsset | null = null;
      let fileName = 'The file';
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== ASSET_UPLOAD_FIELD) {
            throw badRequest(`Send the file in the field "${ASSET_UPLOAD_FIELD}".`);
          }
          fileName = part.filename || fileName;
          received = { fileName: part.filename, bytes: await part.toBuffer() };
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        await discardRefusedUpload(request.raw, error);
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(fileName);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw badRequest('Upload one file at a time.');
        if (code === 'FST_FIELDS_LIMIT') throw badRequest('Send only the file, no other fields.');
        if (error instanceof HttpError) throw error;
        // busboy's own words for a body that is not multipart: no boundary, cut short, malformed.
        request.log.info({ err: error }, 'a malformed upload');
        throw badRequest(
          `${NOT_MULTIPART} The upload could not be read: it is cut short or malformed.`,
        );
      }
      if (!received) throw badRequest('Choose a file to upload.');
      const asset = await service.upload(project.id, session, received);
      return reply.status(201).send(asset);
    }),
  );

  app.route(
    callRoute(ApiCalls.deleteProjectAsset, async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(ctx.db, session.user.id, request.params.id);
      await service.remove(project.id, request.params.assetId);
      return { ok: true as const };
    }),
  );

  app.route(
    callRoute(ApiCalls.getProjectAssetFile, async (request, reply) => {
      const { id, assetId } = request.params;
      const { hash, token } = request.query;
      const file = await service.openFile(id, assetId, hash, token);
      if (!file) throw notFound(NO_FILE);
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, max-age=43200, immutable')
          // An SVG opened on Mason's own origin runs nothing and loads nothing.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(file.content as never)
      );
    }),
  );
};
