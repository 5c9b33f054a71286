import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  API_PREFIX,
  apiCallNameOf,
  type CallSpec,
  PRODUCT_DESCRIPTION,
  PRODUCT_NAME,
} from '@mason/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { callSchema } from './call-schema';
import { bearerSecurity } from './session-guard';

export const OPENAPI_JSON_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;

let swaggerStyleHashes: string[] | null = null;

/**
 * The `<style>` blocks Swagger UI's React components render (its top bar's SVG logo has one):
 * their hashes, read once from the installed Swagger UI's bundles.
 */
export function swaggerUiStyleHashes(): string[] {
  if (swaggerStyleHashes) return swaggerStyleHashes;
  const dir = path.join(path.dirname(require.resolve('@fastify/swagger-ui')), 'static');
  const hashes = new Set<string>();
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [, literal] of source.matchAll(
      /createElement\)?\("style",null,("(?:[^"\\]|\\.)*")\)/g,
    )) {
      const css = JSON.parse(literal as string) as string;
      hashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
  }
  swaggerStyleHashes = [...hashes];
  return swaggerStyleHashes;
}

/**
 * Swagger UI's pages: its own scripts and stylesheets (no inline script), the style blocks of its
 * components by hash, the data: images of its stylesheet, requests to Mason ("Try it out"), and
 * no framing by any site.
 */
export function docsContentSecurityPolicy(styleHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

type SwaggerTransform = typeof jsonSchemaTransform;
type TransformInput = Parameters<SwaggerTransform>[0];

/**
 * A served call's operation, from its entry of the contract's table: summary, tag, schemas,
 * the catalogue's error body per error status, bearer security for a session call, multipart
 * and non-JSON answers. Parts an entry leaves out (a test's planted entry has no schemas) come
 * from the route. Calls marked `built: false` are not served, so they are not documented either.
 */
export function operationOfCall(call: CallSpec, own: FastifySchema = {}): FastifySchema {
  const { response, ...parts } = callSchema(call);
  if (call.produces) {
    response[call.status ?? 200] = {
      description: call.summary,
      content: { [call.produces]: { schema: z.string() } },
    } as never;
  }
  const name = apiCallNameOf(call);
  return {
    ...own,
    ...parts,
    response: { ...(own.response as object | undefined), ...response },
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: [call.tag],
    ...(name ? { operationId: name } : {}),
    ...(call.auth === 'session' ? { security: bearerSecurity } : {}),
    ...(call.multipart ? { consumes: ['multipart/form-data'] } : {}),
  } as FastifySchema;
}

/** Documents a route from its call's entry (routes without one are the document's own and hidden). */
const callTableTransform: SwaggerTransform = (input: TransformInput) => {
  const call = input.route.config?.call;
  if (!call) return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: operationOfCall(call, input.schema) });
};

/** The OpenAPI document at OPENAPI_JSON_PATH, generated from the contract's table of calls (each served call's entry). */
export async function registerApiDocument(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, description: PRODUCT_DESCRIPTION, version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: callTableTransform,
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/** The OpenAPI document and Swagger UI at DOCS_PATH. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await registerApiDocument(app);
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: docsContentSecurityPolicy(swaggerUiStyleHashes()),
  });
}
