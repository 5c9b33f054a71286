import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: signed links (code, images) and preview tokens. */
const SECRET_PARAMS = new Set(['token', 'mason_preview']);
/** Web pages whose last path segment is an e-mailed secret. */
const SECRET_PAGES = /^(\/(?:verify-email|password-reset))\/[^/?#]+/;
const REDACTED = '[redacted]';

/** A request URL as the server log keeps it: secrets in the query and in e-mailed links replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(
    SECRET_PAGES,
    `$1/${REDACTED}`,
  );
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const name = part.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as it is.
      }
      return SECRET_PARAMS.has(decoded) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's serializer of a request, with the URL redacted (Fastify's fields otherwise). */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
