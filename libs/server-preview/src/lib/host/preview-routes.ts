import { PREVIEW_BRIDGE_CHANNEL } from '@mason/contract/preview';
import type { VersionManifest, VersionRow } from '@mason/server-db';
import { masonOrigins } from '@mason/server-http';
import { contentTypeOf, fileTypeOf, readBlobs } from '@mason/server-workspace';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bridgeScript, thumbnailScript } from '../bridge-script';
import { THUMBNAIL_SCRIPT_PATH, type BridgeConfig } from '../bridge/bridge-config';
import { runtimePreloads, scriptHash } from '../runtime-modules';
import type { PreviewBuild } from '../types';
import { BUILD_KEY, RUNTIME_BASE, type PreviewBuilds } from './preview-builds';
import { setPreviewHeaders } from './preview-headers';
import type { PreviewHostDeps } from './preview-host-deps';
import { serveLive } from './preview-live';
import {
  FIRST_PAINT_BODY_LIMIT,
  FIRST_PAINT_URL,
  FirstPaints,
  FirstPaintSchema,
} from './first-paints';
import { appPage, buildFailedPage, messagePage } from './preview-page';
import { findVersion, findVersionById } from './preview-repository';
import {
  parsePreviewHost,
  PREVIEW_TOKEN_PARAM,
  previewTokenOf,
  type PreviewHost,
} from './preview-urls';
import { ERROR_BODY_LIMIT, RuntimeErrorIntake, RuntimeErrorSchema } from './runtime-errors';

/** A build's stylesheet up to this size is written in its page (no request before paint). */
const MAX_INLINE_CSS = 128 * 1024;
/** The bridge, written in every app page, and its CSP hash. */
const BRIDGE = bridgeScript();
const INLINE_BRIDGE = /<\/script/i.test(BRIDGE) ? null : BRIDGE;
const BRIDGE_HASH = INLINE_BRIDGE === null ? [] : [scriptHash(INLINE_BRIDGE)];
const THUMBNAIL_SCRIPT = thumbnailScript();
/** The runtime files each build starts with (runtimePreloads), worked out once per build. */
const preloadsOfBuild = new WeakMap<PreviewBuild, string[]>();

/**
 * The cookie a preview page leaves on its own origin (host-only, HttpOnly): it holds the page's
 * token, so the files of public/ the app loads itself open without the token in their URL. It
 * opens those files and nothing else, ends with the token, and is partitioned by Mason's site
 * (CHIPS), so it works in Mason's frame only, where browsers block other third-party cookies.
 */
export const PREVIEW_FILES_COOKIE = 'mason_preview_files';

/** The Set-Cookie of the files cookie for `token`, until `expiresAt`. */
function filesCookie(token: string, expiresAt: Date): string {
  const seconds = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${PREVIEW_FILES_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; Secure; SameSite=None; Partitioned`;
}

/** A cookie of the request, or undefined. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name)
      return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** A path that names a file (an extension the public/ folder is served with), not a page. */
const isFilePath = (pathname: string) => fileTypeOf(pathname) !== undefined;
const PreviewQuerySchema = z.object({
  [PREVIEW_TOKEN_PARAM]: z.optional(z.string()),
  build: z.optional(z.string()),
});
const KeyParamsSchema = z.object({ versionId: z.string(), file: z.string() });
const HotParamsSchema = z.object({ fromKey: z.string(), file: z.string() });
const StylesParamsSchema = z.object({ file: z.string() });
/** A class name an edit may ask rules for: Tailwind's characters, arbitrary values included. */
const CLASS_NAME = /^[A-Za-z0-9_:/.[\]()#%,!&=+*'-]{1,100}$/;
const MAX_EDIT_CLASSES = 200;
const StylesQuerySchema = z.object({
  ...PreviewQuerySchema.shape,
  classes: z.string().check(z.maxLength(MAX_EDIT_CLASSES * 101)),
});

export interface PreviewRoutesOptions {
  readonly deps: PreviewHostDeps;
  readonly builds: PreviewBuilds;
}

/**
 * The routes of a preview host (DESIGN.md: the preview runs on its own origin): the app's pages
 * (with a valid token), its bundle and public files, the shared runtime, the bridge, the live
 * stream of new versions, the bridge's runtime errors for the agent, and the pages' first paints.
 */
export const previewRoutes: FastifyPluginAsyncZod<PreviewRoutesOptions> = async (
  app,
  { deps, builds },
) => {
  const frameAncestors = masonOrigins(deps.config.publicUrl);
  const intake = new RuntimeErrorIntake(deps);
  const firstPaints = new FirstPaints(deps, builds);
  const hostOf = (request: FastifyRequest) => {
    const host = parsePreviewHost(request.headers.host, deps.config);
    // The host dispatch sends only preview hosts here.
    if (!host) throw new Error('A request for Mason reached the preview host.');
    return host;
  };
  /** The session a preview request's token was signed for, while it lives; null otherwise. */
  const sessionOf = async (request: FastifyRequest) => {
    const host = hostOf(request);
    const link = await deps.links.open('preview', host.projectId, previewTokenOf(request.query));
    return link?.session ?? null;
  };
  /** Refuses (403) a request without a live token of the host's project. */
  const requireToken = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await sessionOf(request))) return reply.code(403).send();
  };
  const bridgeConfig = (
    host: PreviewHost,
    version: VersionRow | null,
    key: string | null,
  ): BridgeConfig => ({
    channel: PREVIEW_BRIDGE_CHANNEL,
    parentOrigins: frameAncestors,
    versionIndex: version?.index ?? null,
    versionId: version?.id ?? null,
    buildKey: key,
    tokenParam: PREVIEW_TOKEN_PARAM,
    liveUrl: host.versionIndex === null ? '/__mason/live' : null,
    errorsUrl: '/__mason/errors',
    stylesUrl: null,
    firstPaintUrl: null,
    firstPaintShown: null,
    buildFailure: null,
  });
  const sendHtml = (reply: FastifyReply, status: number, html: string, hashes: string[] = []) =>
    setPreviewHeaders(reply, frameAncestors, hashes)
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  const sendScript = (reply: FastifyReply, cacheControl: string, text: string) =>
    setPreviewHeaders(reply, frameAncestors)
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(text);

  app.get('/__mason/bridge.js', async (_request, reply) => sendScript(reply, 'no-cache', BRIDGE));
  app.get(THUMBNAIL_SCRIPT_PATH, async (_request, reply) =>
    sendScript(reply, 'no-cache', THUMBNAIL_SCRIPT),
  );

  app.get(`${RUNTIME_BASE}*`, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    const text = (await builds.runtime()).files.get(file);
    if (text === undefined) return reply.code(404).send();
    // The runtime is the same for every preview: any preview origin may load it.
    return setPreviewHeaders(reply, frameAncestors)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(text);
  });

  // A version's bundle (immutable, under the key its files give), on its project's host only.
  app.get(
    '/__mason/build/:versionId/:file',
    {
      schema: { params: KeyParamsSchema, querystring: PreviewQuerySchema },
      onRequest: requireToken,
    },
    async (request, reply) => {
      const [, key = '', ext = ''] = /^(.+)\.(js|css)$/.exec(request.params.file) ?? [];
      const version = BUILD_KEY.test(key)
        ? await findVersionById(deps.db, hostOf(request).projectId, request.params.versionId)
        : null;
      // The key of the version with the project's variables now: a build made before one of
      // them changed is not served (its page reloads with the new build).
      if (!version || (await builds.keyOf(version)).key !== key) return reply.code(404).send();
      // After a restart the cache is empty: the version builds again under the same key.
      const build = builds.cached(key) ?? (await builds.buildOf(version)).build;
      if (!build.ok) return reply.code(404).send();
      return setPreviewHeaders(reply, frameAncestors)
        .header('content-type', `text/${ext === 'js' ? 'javascript' : 'css'}; charset=utf-8`)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(ext === 'js' ? build.js : build.css);
    },
  );

  // A Tailwind build's stylesheet with the rules of the classes of unsaved edits (the bridge
  // asks for it when the person changes a class), with the page's token; 404 otherwise.
  app.get(
    '/__mason/styles/:file',
    {
      schema: { params: StylesParamsSchema, querystring: StylesQuerySchema },
      onRequest: requireToken,
    },
    async (request, reply) => {
      const key = /^([A-Za-z0-9_-]+)\.css$/.exec(request.params.file)?.[1];
      if (!key || !builds.madeFor(key, hostOf(request).projectId)) return reply.code(404).send();
      const classes = [...new Set(request.query.classes.split(/\s+/).filter(Boolean))];
      if (classes.length > MAX_EDIT_CLASSES || !classes.every((name) => CLASS_NAME.test(name)))
        return reply.code(400).send();
      const css = await builds.stylesWith(key, classes);
      if (css === null) return reply.code(404).send();
      return setPreviewHeaders(reply, frameAncestors)
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(css);
    },
  );

  // The update announced to a live page of this project, with its token; 404 otherwise.
  app.get(
    '/__mason/hot/:fromKey/:file',
    {
      schema: { params: HotParamsSchema, querystring: PreviewQuerySchema },
      onRequest: requireToken,
    },
    async (request, reply) => {
      const { projectId } = hostOf(request);
      const { fromKey } = request.params;
      const toKey = /^([A-Za-z0-9_-]+)\.js$/.exec(request.params.file)?.[1];
      if (!toKey || !builds.madeFor(fromKey, projectId) || !builds.madeFor(toKey, projectId))
        return reply.code(404).send();
      const update = await builds.hotUpdateOf(fromKey, toKey)?.catch(() => null);
      if (!update?.ok) return reply.code(404).send();
      return sendScript(reply, 'no-store', update.js);
    },
  );

  app.get(
    '/__mason/live',
    { schema: { querystring: PreviewQuerySchema } },
    async (request, reply) => {
      const host = hostOf(request);
      const session = host.versionIndex === null ? await sessionOf(request) : null;
      if (!session) return reply.code(403).send();
      serveLive(deps, builds, request, reply, host, session.id);
      return reply;
    },
  );

  app.post(
    '/__mason/errors',
    {
      schema: { body: RuntimeErrorSchema, querystring: PreviewQuerySchema },
      onRequest: requireToken,
      bodyLimit: ERROR_BODY_LIMIT,
    },
    async (request, reply) => {
      await intake.take(hostOf(request), request.body, request.log);
      return reply.code(204).send();
    },
  );
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/__mason/errors',
    handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(),
  });

  // A page's first paint (what its app rendered into its root) for the next cold open of the
  // same build and path: for a build made for the host's project, with the page's token.
  app.post(
    FIRST_PAINT_URL,
    {
      schema: { body: FirstPaintSchema, querystring: PreviewQuerySchema },
      onRequest: requireToken,
      bodyLimit: FIRST_PAINT_BODY_LIMIT,
    },
    async (request, reply) => {
      const kept = await firstPaints.keep(hostOf(request).projectId, request.body);
      return reply.code(kept ? 204 : 404).send();
    },
  );
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: FIRST_PAINT_URL,
    handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(),
  });

  app.get('/__mason/*', async (_request, reply) => reply.code(404).send());

  // Every other path is a page of the app (client-side routes), or a file of its public/ folder.
  app.get('/*', { schema: { querystring: PreviewQuerySchema } }, async (request, reply) => {
    const host = hostOf(request);
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const token = previewTokenOf(request.query);
    const link = await deps.links.open('preview', host.projectId, token);
    // What the app loads itself (<img src="/logo.png">, a font in its CSS) carries no token: the
    // page's cookie opens the files of public/, and nothing else.
    const filesOnly = !link && isFilePath(pathname);
    const opened =
      link ??
      (filesOnly
        ? await deps.links.open('preview', host.projectId, cookieOf(request, PREVIEW_FILES_COOKIE))
        : null);
    if (!opened) {
      return sendHtml(
        reply,
        403,
        messagePage(
          'This preview link does not work',
          '<p>It has expired, is not valid, or you logged out. Open the project in Mason to see its preview again.</p>',
        ),
      );
    }
    const version = await findVersion(deps.db, host.projectId, host.versionIndex);
    if (!version) {
      return sendHtml(
        reply,
        404,
        messagePage(
          'There is no such version',
          '<p>Open the project in Mason to see its versions.</p>',
        ),
      );
    }
    const manifest = version.manifest as VersionManifest;
    // A file of public/ is served as it is, like Vite does ('/logo.png' → public/logo.png).
    const publicFile = pathname !== '/' ? manifest[`public${pathname}`] : undefined;
    if (publicFile) {
      const bytes = (await readBlobs(deps.db, [publicFile])).get(publicFile);
      if (!bytes) return reply.code(404).send();
      return setPreviewHeaders(reply, frameAncestors)
        .header('content-type', contentTypeOf(pathname))
        .header('cache-control', 'no-cache')
        .send(bytes);
    }
    if (filesOnly) return setPreviewHeaders(reply, frameAncestors).code(404).send();
    reply.header('set-cookie', filesCookie(token ?? '', opened.expiresAt));

    const { key, build, indexHtml } = await builds.buildOf(version);
    const config = bridgeConfig(host, version, key);
    if (!build.ok) {
      const page = buildFailedPage(build.diagnostics, {
        ...config,
        buildFailure: build.diagnostics,
      });
      return sendHtml(reply, 200, page);
    }
    const modules = await builds.runtime();
    const base = `/__mason/build/${version.id}/${key}`;
    // The bundle is the app's code: it is served with the page's token, like the page.
    const tokenQuery = `?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token ?? '')}`;
    const preloadUrls =
      preloadsOfBuild.get(build) ?? runtimePreloads(modules, build.js, RUNTIME_BASE);
    preloadsOfBuild.set(build, preloadUrls);
    const inlineStyle =
      build.css.length <= MAX_INLINE_CSS && !/<\/style/i.test(build.css) ? build.css : null;
    // What the app last rendered for this build and page, in its root: painted before its code runs.
    const painted = await firstPaints.pageOf(host.projectId, key, pathname, indexHtml);
    const html = appPage(painted.indexHtml, {
      importMapJson: modules.importMapJson,
      bridgeConfig: {
        ...config,
        stylesUrl: build.tailwind ? `/__mason/styles/${key}.css` : null,
        firstPaintUrl: FIRST_PAINT_URL,
        firstPaintShown: painted.shown,
      },
      scriptUrl: `${base}.js${tokenQuery}`,
      styleUrl: build.css && inlineStyle === null ? `${base}.css${tokenQuery}` : null,
      inlineStyle,
      inlineBridge: INLINE_BRIDGE,
      preloadUrls,
    });
    return sendHtml(reply, 200, html, [scriptHash(modules.importMapJson), ...BRIDGE_HASH]);
  });

  // A preview host takes no writes but the bridge's error reports and first paints.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: async (_request, reply) => reply.code(405).header('allow', 'GET, HEAD').send(),
  });
};
