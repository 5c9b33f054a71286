import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, PRODUCT_DESCRIPTION, PRODUCT_NAME } from '@mason/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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

/** The OpenAPI document, generated from the contract's zod schemas of each route, and Swagger UI. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, description: PRODUCT_DESCRIPTION, version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: docsContentSecurityPolicy(swaggerUiStyleHashes()),
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
