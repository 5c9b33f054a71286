import { STATUS_CODES } from 'node:http';
import { type ApiErrorBody, ErrorMessages } from '@mason/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';
import { RuleViolation } from './rule-violation';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
}

const body = (
  statusCode: number,
  message: string,
  extra: Partial<ApiErrorBody> = {},
): ApiErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...extra,
});

const isMissing = (issue: ValidationIssue) =>
  issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');

/** A 400 naming every field that is wrong, in the contract's own words. */
export function validationErrorBody(
  issues: ValidationIssue[],
  context: string | undefined,
): ApiErrorBody {
  const part =
    context === 'querystring' ? 'query string' : context === 'params' ? 'URL' : 'request body';
  const fieldErrors: Record<string, string> = {};
  const messages: string[] = [];
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (!field) {
      // A rule on the whole object (a refine, e.g. "change the name or the description") has its own words.
      messages.push(
        issue.keyword === 'custom' && issue.message
          ? issue.message
          : `The ${part} must be a JSON object.`,
      );
      continue;
    }
    const message = isMissing(issue)
      ? 'This field is required.'
      : (issue.message ?? 'This value is not valid.');
    if (!(field in fieldErrors)) fieldErrors[field] = message;
    messages.push(isMissing(issue) ? `Missing field "${field}".` : message);
  }
  const unique = [...new Set(messages)];
  const message =
    unique.slice(0, 3).join(' ') + (unique.length > 3 ? ` (and ${unique.length - 3} more)` : '');
  return body(
    400,
    message || `The ${part} is not valid.`,
    Object.keys(fieldErrors).length ? { fieldErrors } : {},
  );
}

/** 1 KB, 980 KB, 27.7 MB: a body limit in words. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

/** Fastify's own 4xx errors, in words a person can act on. */
const fastifyClientErrors: Record<
  string,
  (error: FastifyError, request: FastifyRequest) => ApiErrorBody
> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, request) =>
    body(
      413,
      `The request is too large: send at most ${formatBytes(request.routeOptions.bodyLimit ?? 0)}.`,
    ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    body(415, 'Send the request body as JSON (Content-Type: application/json).'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => body(400, 'The request body is empty: send a JSON object.'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => body(400, 'The request body is not valid JSON.'),
};

/**
 * Errors Fastify meets before a route is found (a URL whose percent-encoding is broken): Mason's
 * error shape, not Fastify's codes.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (
  error,
  _request,
  reply,
) => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid: a percent sign must start a valid escape (like %20).'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A part of the address is too long.'
        : ErrorMessages.invalidRequest;
  void (reply as FastifyReply).status(status).type('application/json').send(body(status, message));
};

/**
 * The one error handler: every failure becomes an ApiErrorBody with a clear message. A 500 never
 * carries details (they go to the log), so no stack trace or internal message reaches a caller.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = thrown instanceof RuleViolation ? thrown.toHttpError() : thrown;
    let answer: ApiErrorBody;
    if (error instanceof HttpError) {
      answer = error.toBody();
      if (error.extra.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      answer = validationErrorBody(error.validation, error.validationContext);
    } else if (error.code && fastifyClientErrors[error.code]) {
      answer = fastifyClientErrors[error.code](error, request);
    } else if (error instanceof SyntaxError && error.statusCode === 400) {
      answer = body(400, 'The request body is not valid JSON.');
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's other client errors (bad headers, bad content length…): their messages are safe.
      answer = body(error.statusCode, error.message || ErrorMessages.invalidRequest);
    } else {
      request.log.error({ err: error }, 'request failed');
      answer = body(500, ErrorMessages.unknownServer);
    }
    if (answer.statusCode >= 400 && answer.statusCode < 500 && answer.statusCode !== 404) {
      request.log.info(
        { statusCode: answer.statusCode, message: answer.message },
        'request refused',
      );
    }
    return reply.status(answer.statusCode).type('application/json').send(answer);
  });
}
