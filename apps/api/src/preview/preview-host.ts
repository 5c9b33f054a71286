import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { PREVIEW_BRIDGE_CHANNEL } from '@mason/contract';
import { previewErrors, versions, type VersionManifest, type VersionRow } from '@mason/server-db';
import {
  PreviewCache,
  bridgeScript,
  buildRuntimeModules,
  scriptHash,
  type BridgeConfig,
  type PreviewBuild,
  type RuntimeModules,
} from '@mason/server-preview';
import { readBlobs } from '@mason/server-workspace';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../app-context';
import { openEventStream } from '@mason/server-http';
import { projectChannel, type TaskBusEvent } from '@mason/server-tasks';
import { PREVIEW_TOKEN_PARAM } from './preview-access';
import { parsePreviewHost, type PreviewHost } from './preview-hosts';
import { appPage, buildFailedPage, entryOf, messagePage } from './preview-page';

/** Bumped when the builder's output changes, so no stale build is served under an old key. */
const BUILDER_REVISION = 'preview-2';
const RUNTIME_BASE = '/__mason/runtime/';
/** The newest runtime errors a project keeps for the agent. */
const KEPT_ERRORS = 20;
/** Runtime errors accepted per project per window (a render loop can throw thousands). */
const ERRORS_PER_WINDOW = 10;
const ERRORS_WINDOW_MS = 10_000;
const ERROR_BODY_LIMIT = 64 * 1024;
const KEEPALIVE_MS = 15_000;
/** Projects whose newest files the host keeps, so a new version reads only its changed blobs. */
const KEPT_PROJECT_FILES = 50;

/** Extensions read as text (tagged, bundled); any other file is bytes (an image, a font). */
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '.css',
  '.json',
  '.html',
  '.svg',
  '.md',
  '.txt',
]);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

const RuntimeErrorSchema = z.object({
  kind: z.enum(['error', 'unhandledrejection']),
  message: z.string().check(z.maxLength(20_000)),
  stack: z.optional(z.nullable(z.string().check(z.maxLength(20_000)))),
  page: z.string().check(z.maxLength(2048)),
});

/** Same manifest, same builder: same key. The key names the build's URLs (it cannot be guessed). */
export function buildKeyOf(manifest: VersionManifest): string {
  const entries = Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(BUILDER_REVISION)
    .update(JSON.stringify(entries))
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The preview host (DESIGN.md: the preview runs on its own origin). Requests whose Host is a
 * preview host (preview-hosts.ts) never reach Mason's routes: not the API, not the web app. It
 * serves the app's pages (with a valid token), its bundle, the shared runtime, the bridge, a live
 * stream of new versions, and takes the bridge's runtime errors for the agent.
 */
export function registerPreviewHost(app: FastifyInstance, ctx: AppContext): void {
  const { config, db, taskLoop } = ctx;
  const cache = new PreviewCache(50);
  /** The projects each build was made for: a build's files are served on those projects' hosts only. */
  const buildProjects = new Map<string, Set<string>>();
  const madeFor = (key: string, projectId: string) => {
    const projects = buildProjects.get(key) ?? new Set<string>();
    projects.add(projectId);
    buildProjects.delete(key);
    buildProjects.set(key, projects);
    if (buildProjects.size > 500) buildProjects.delete(buildProjects.keys().next().value as string);
  };
  /** The session a preview request's token was signed for, while it lives; null otherwise. */
  const accessOf = async (request: FastifyRequest, host: PreviewHost) =>
    (await ctx.links.open('preview', host.projectId, tokenOf(request)))?.session ?? null;
  /** Per project, the files last read: a new version reads from the database only what changed. */
  const projectFiles = new Map<
    string,
    { manifest: VersionManifest; files: ReadonlyMap<string, string | Uint8Array> }
  >();
  const masonOrigin = new URL(config.publicUrl).origin;
  let runtime: Promise<RuntimeModules> | null = null;
  const loadRuntime = () => {
    runtime ??= buildRuntimeModules(RUNTIME_BASE).catch((error: unknown) => {
      runtime = null;
      throw error;
    });
    return runtime;
  };
  const errorCounts = new Map<string, { windowStart: number; count: number }>();

  const securityHeaders = (reply: FastifyReply, scriptHashes: readonly string[] = []) => {
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
        "style-src 'self' 'unsafe-inline'",
        'img-src * data: blob:',
        'font-src * data:',
        'media-src * data: blob:',
        'connect-src *',
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        // Only Mason's own window may frame a preview.
        `frame-ancestors ${masonOrigin}`,
      ].join('; '),
    );
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cross-origin-resource-policy', 'same-origin');
  };

  async function versionFor(host: PreviewHost): Promise<VersionRow | null> {
    const where =
      host.versionIndex === null
        ? eq(versions.projectId, host.projectId)
        : and(eq(versions.projectId, host.projectId), eq(versions.index, host.versionIndex));
    const [row] = await db
      .select()
      .from(versions)
      .where(where)
      .orderBy(desc(versions.index))
      .limit(1);
    return row ?? null;
  }

  async function filesOf(
    projectId: string,
    manifest: VersionManifest,
  ): Promise<Map<string, string | Uint8Array>> {
    const known = projectFiles.get(projectId);
    const unchanged = (filePath: string) =>
      known !== undefined && known.manifest[filePath] === manifest[filePath];
    const contents = await readBlobs(
      db,
      Object.keys(manifest)
        .filter((filePath) => !unchanged(filePath))
        .map((filePath) => manifest[filePath] as string),
    );
    const files = new Map<string, string | Uint8Array>();
    for (const [filePath, hash] of Object.entries(manifest)) {
      const kept = unchanged(filePath) ? known?.files.get(filePath) : undefined;
      if (kept !== undefined) {
        files.set(filePath, kept);
        continue;
      }
      const bytes = contents.get(hash);
      if (!bytes) continue;
      const text = TEXT_EXTENSIONS.has(path.posix.extname(filePath).toLowerCase());
      files.set(filePath, text ? bytes.toString('utf8') : bytes);
    }
    projectFiles.delete(projectId);
    projectFiles.set(projectId, { manifest, files });
    if (projectFiles.size > KEPT_PROJECT_FILES)
      projectFiles.delete(projectFiles.keys().next().value as string);
    return files;
  }

  /** The version's build, from the cache or made now (one build per key however many ask). */
  async function buildOf(
    version: VersionRow,
  ): Promise<{ key: string; build: PreviewBuild; indexHtml?: string }> {
    const manifest = version.manifest as VersionManifest;
    const key = buildKeyOf(manifest);
    madeFor(key, version.projectId);
    const cached = cache.get(key);
    const indexHash = manifest['index.html'];
    const indexHtml = indexHash
      ? (await readBlobs(db, [indexHash])).get(indexHash)?.toString('utf8')
      : undefined;
    if (cached) return { key, build: cached, indexHtml };
    const files = await filesOf(version.projectId, manifest);
    const build = await cache.build(key, files, {
      entry: entryOf(indexHtml),
      context: version.projectId,
    });
    return { key, build, indexHtml };
  }

  /**
   * Announces a new version to one live page that shows the build `shownKey`. When only
   * components changed, the host makes the update that swaps them in (the page keeps its state)
   * and announces it before it builds the whole version; otherwise the page reloads, and finds
   * the build under way. Answers the key the page shows next.
   */
  async function announce(
    raw: ServerResponse,
    version: VersionRow,
    shownKey: string | null,
  ): Promise<string> {
    const manifest = version.manifest as VersionManifest;
    const key = buildKeyOf(manifest);
    madeFor(key, version.projectId);
    if (shownKey === null || shownKey === key) {
      // Build now, so the page that reloads on this event finds it ready (or under way).
      const built = buildOf(version);
      if (!raw.destroyed) writeVersionEvent(raw, version, key, null);
      await built;
      return key;
    }
    const files = await filesOf(version.projectId, manifest);
    const indexHtml = files.get('index.html');
    const options = {
      entry: entryOf(typeof indexHtml === 'string' ? indexHtml : undefined),
      context: version.projectId,
    };
    const update = await cache.hotUpdate(shownKey, key, files, options);
    const hotUrl = update.ok ? `/__mason/hot/${shownKey}/${key}.js` : null;
    if (!raw.destroyed) writeVersionEvent(raw, version, key, hotUrl);
    await cache.build(key, files, options);
    return key;
  }

  function writeVersionEvent(
    raw: ServerResponse,
    version: VersionRow,
    buildKey: string,
    hotUrl: string | null,
  ) {
    const data = { index: version.index, versionId: version.id, buildKey, hotUrl };
    raw.write(`event: version\ndata: ${JSON.stringify(data)}\n\n`);
  }

  function tokenOf(request: FastifyRequest): string | undefined {
    const value = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_TOKEN_PARAM];
    return typeof value === 'string' ? value : undefined;
  }

  function bridgeConfig(
    host: PreviewHost,
    version: VersionRow | null,
    key: string | null,
  ): BridgeConfig {
    return {
      channel: PREVIEW_BRIDGE_CHANNEL,
      parentOrigin: masonOrigin,
      versionIndex: version?.index ?? null,
      versionId: version?.id ?? null,
      buildKey: key,
      tokenParam: PREVIEW_TOKEN_PARAM,
      liveUrl: host.versionIndex === null ? '/__mason/live' : null,
      errorsUrl: '/__mason/errors',
      buildFailure: null,
    };
  }

  const sendHtml = (
    reply: FastifyReply,
    status: number,
    html: string,
    hashes: readonly string[] = [],
  ) => {
    securityHeaders(reply, hashes);
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  };

  async function servePage(request: FastifyRequest, reply: FastifyReply, host: PreviewHost) {
    if (!(await accessOf(request, host))) {
      return sendHtml(
        reply,
        403,
        messagePage(
          'This preview link does not work',
          '<p>It has expired, is not valid, or you logged out. Open the project in Mason to see its preview again.</p>',
        ),
      );
    }
    const version = await versionFor(host);
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
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const publicFile = pathname !== '/' ? manifest[`public${pathname}`] : undefined;
    if (publicFile) return servePublicFile(reply, pathname, publicFile);

    const { key, build, indexHtml } = await buildOf(version);
    const config = bridgeConfig(host, version, key);
    if (!build.ok) {
      return sendHtml(
        reply,
        200,
        buildFailedPage(build.diagnostics, { ...config, buildFailure: build.diagnostics }),
      );
    }
    const modules = await loadRuntime();
    const base = `/__mason/build/${version.id}/${key}`;
    // The bundle is the app's code: it is served with the page's token, like the page.
    const token = `?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(tokenOf(request) ?? '')}`;
    const html = appPage(indexHtml, {
      importMapJson: modules.importMapJson,
      bridgeConfig: config,
      scriptUrl: `${base}.js${token}`,
      styleUrl: build.css ? `${base}.css${token}` : null,
    });
    return sendHtml(reply, 200, html, [scriptHash(modules.importMapJson)]);
  }

  async function servePublicFile(reply: FastifyReply, pathname: string, hash: string) {
    const bytes = (await readBlobs(db, [hash])).get(hash);
    if (!bytes) return reply.code(404).send();
    securityHeaders(reply);
    return reply
      .header(
        'content-type',
        CONTENT_TYPES[path.posix.extname(pathname).toLowerCase()] ?? 'application/octet-stream',
      )
      .header('cache-control', 'no-cache')
      .send(bytes);
  }

  /**
   * /__mason/build/{versionId}/{key}.js|css?mason_preview=: a version's bundle, with the page's
   * token, on its own project's host only, under the key its files give (immutable).
   */
  async function serveBuild(
    request: FastifyRequest,
    reply: FastifyReply,
    host: PreviewHost,
    versionId: string,
    key: string,
    ext: string,
  ) {
    if (!(await accessOf(request, host))) return reply.code(403).send();
    const version = /^[0-9a-f-]{36}$/.test(versionId)
      ? await taskLoop.versions.getVersion(db, host.projectId, versionId)
      : null;
    if (!version || buildKeyOf(version.manifest as VersionManifest) !== key)
      return reply.code(404).send();
    // After a restart the cache is empty: the version builds again under the same key.
    const build = cache.get(key) ?? (await buildOf(version)).build;
    if (!build.ok) return reply.code(404).send();
    securityHeaders(reply);
    return reply
      .header(
        'content-type',
        ext === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      )
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(ext === 'js' ? build.js : build.css);
  }

  /**
   * /__mason/hot/{fromKey}/{toKey}.js?mason_preview=: the update announced to a live page of this
   * project, with its token; 404 otherwise.
   */
  async function serveHotUpdate(
    request: FastifyRequest,
    reply: FastifyReply,
    host: PreviewHost,
    fromKey: string,
    toKey: string,
  ) {
    if (!(await accessOf(request, host))) return reply.code(403).send();
    const ours = (key: string) => buildProjects.get(key)?.has(host.projectId) === true;
    if (!ours(fromKey) || !ours(toKey)) return reply.code(404).send();
    const update = await cache.hotUpdateOf(fromKey, toKey)?.catch(() => null);
    if (!update?.ok) return reply.code(404).send();
    securityHeaders(reply);
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(update.js);
  }

  async function serveLive(request: FastifyRequest, reply: FastifyReply, host: PreviewHost) {
    const session = host.versionIndex === null ? await accessOf(request, host) : null;
    if (!session) return reply.code(403).send();
    const raw = openEventStream(reply, 1000);
    // The build the page shows (the bridge says which); versions are announced in order.
    const shown = (request.query as Record<string, unknown> | undefined)?.['build'];
    let shownKey = typeof shown === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(shown) ? shown : null;
    let announced: Promise<unknown> = Promise.resolve();
    const unsubscribe = taskLoop.bus.subscribe(
      projectChannel(host.projectId),
      (event: TaskBusEvent) => {
        if (event.type !== 'version') return;
        const version = taskLoop.versions.getVersion(db, host.projectId, event.versionId);
        announced = announced
          .then(async () => {
            const row = await version;
            if (!row || raw.destroyed) return;
            shownKey = await announce(raw, row, shownKey);
          })
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'Could not announce a version'),
          );
      },
    );
    const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
    // The stream ends with the session its link was made for.
    ctx.streams.add(raw, session.id);
    raw.on('close', () => {
      clearInterval(keepalive);
      unsubscribe();
    });
  }

  async function readBody(raw: IncomingMessage): Promise<string | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of raw) {
      size += (chunk as Buffer).length;
      if (size > ERROR_BODY_LIMIT) return null;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function recordError(request: FastifyRequest, reply: FastifyReply, host: PreviewHost) {
    if (!(await accessOf(request, host))) return reply.code(403).send();
    const text = await readBody(request.raw);
    let parsed: z.infer<typeof RuntimeErrorSchema> | null = null;
    try {
      const result = text === null ? null : RuntimeErrorSchema.safeParse(JSON.parse(text));
      parsed = result?.success ? result.data : null;
    } catch {
      parsed = null;
    }
    if (!parsed)
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: 'That is not a runtime error report.',
      });
    const now = Date.now();
    const count = errorCounts.get(host.projectId);
    if (count && now - count.windowStart < ERRORS_WINDOW_MS) {
      if (count.count >= ERRORS_PER_WINDOW) return reply.code(204).send();
      count.count += 1;
    } else {
      errorCounts.set(host.projectId, { windowStart: now, count: 1 });
    }
    const version = await versionFor(host);
    if (!version) return reply.code(204).send();
    await db.transaction(async (tx) => {
      await tx.insert(previewErrors).values({
        projectId: host.projectId,
        versionIndex: version.index,
        kind: parsed.kind,
        message: parsed.message,
        stack: parsed.stack ?? null,
        page: parsed.page,
      });
      const [oldest] = await tx
        .select({ id: previewErrors.id })
        .from(previewErrors)
        .where(eq(previewErrors.projectId, host.projectId))
        .orderBy(desc(previewErrors.id))
        .offset(KEPT_ERRORS)
        .limit(1);
      if (oldest) {
        await tx
          .delete(previewErrors)
          .where(
            and(eq(previewErrors.projectId, host.projectId), lte(previewErrors.id, oldest.id)),
          );
      }
    });
    // The newest version threw in the person's preview: the task that made it repairs it.
    if (host.versionIndex === null && version.taskId) {
      void taskLoop.service
        .repairFromPreview(version.taskId, { versionIndex: version.index, message: parsed.message })
        .catch((error: unknown) => request.log.warn({ err: error }, 'Could not start a repair'));
    }
    return reply.code(204).send();
  }

  async function serveRuntime(reply: FastifyReply, file: string) {
    const modules = await loadRuntime();
    const text = modules.files.get(file);
    if (text === undefined) return reply.code(404).send();
    securityHeaders(reply);
    return (
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        // The runtime is the same for every preview: any preview origin may load it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(text)
    );
  }

  app.addHook('onRequest', async (request, reply) => {
    const host = parsePreviewHost(request.headers.host, config);
    if (!host) return;
    const pathname = request.url.split('?')[0] ?? '/';
    const method = request.method;
    if (pathname === '/__mason/errors') {
      if (method !== 'POST') return reply.code(405).header('allow', 'POST').send();
      return recordError(request, reply, host);
    }
    if (method !== 'GET' && method !== 'HEAD')
      return reply.code(405).header('allow', 'GET, HEAD').send();
    if (pathname === '/__mason/bridge.js') {
      securityHeaders(reply);
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await bridgeScript());
    }
    if (pathname === '/__mason/live') return serveLive(request, reply, host);
    if (pathname.startsWith(RUNTIME_BASE))
      return serveRuntime(reply, pathname.slice(RUNTIME_BASE.length));
    const hot = /^\/__mason\/hot\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\.js$/.exec(pathname);
    if (hot) return serveHotUpdate(request, reply, host, hot[1] as string, hot[2] as string);
    const built = /^\/__mason\/build\/([^/]+)\/([A-Za-z0-9_-]+)\.(js|css)$/.exec(pathname);
    if (built) {
      const [, versionId = '', key = '', ext = ''] = built;
      return serveBuild(request, reply, host, versionId, key, ext);
    }
    if (pathname.startsWith('/__mason/')) return reply.code(404).send();
    return servePage(request, reply, host);
  });

  app.addHook('onClose', async () => {
    // A runtime build still under way (the warm-up below) ends before the server does.
    await runtime?.catch(() => undefined);
    await cache.dispose();
  });

  // Warm the shared runtime while the server starts: the first preview does not wait for it.
  app.addHook('onReady', async () => {
    void loadRuntime().catch((error: unknown) =>
      app.log.warn({ err: error }, 'Could not build the preview runtime'),
    );
  });
}
