// Public API of @mason/server-http: name every export.
export { BackgroundTasks } from './lib/background-tasks';
export { callRoute, callSchema } from './lib/call-schema';
export type {
  CallHandler,
  CallRouteExtras,
  CallRouteOptions,
  CallRouteSchema,
  CallSchemaParts,
} from './lib/call-schema';
export { registerCallTable } from './lib/calls';
export { ConfigError } from './lib/config-error';
export type { CallTableOptions } from './lib/calls';
export {
  formatBytes,
  frameworkErrors,
  registerErrorHandler,
  validationErrorBody,
} from './lib/error-handler';
export { errorResponses } from './lib/error-responses';
export { EventStreams, openEventStream } from './lib/event-stream';
export {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
  usageLimitReached,
} from './lib/http-error';
export { registerJsonParser } from './lib/json-parser';
export { masonOrigins, requestOrigin, webBaseFor } from './lib/mason-origins';
export type { RequestOrigin } from './lib/mason-origins';
export { LimitReached, RuleViolation } from './lib/rule-violation';
export type { ViolationKind } from './lib/rule-violation';
export { AddressRefused, publicAddresses } from './lib/public-addresses';
export type { PublicAddress, PublicAddressOptions, RefusedRange } from './lib/public-addresses';
export { discardRefusedUpload } from './lib/discard-refused-upload';
export { redactUrl, requestLogSerializers } from './lib/log-redaction';
export {
  clientErrorHandler,
  isApiPath,
  notFoundAnswer,
  registerEarlyNotFound,
} from './lib/not-found';
export {
  DOCS_PATH,
  OPENAPI_JSON_PATH,
  docsContentSecurityPolicy,
  operationOfCall,
  registerApiDocument,
  registerOpenApi,
  swaggerUiStyleHashes,
} from './lib/openapi';
export {
  DEFAULT_CONTENT_SECURITY_POLICY,
  REFERRER_POLICY,
  STRICT_TRANSPORT_SECURITY,
  registerSecurityHeaders,
} from './lib/security-headers';
export { bearerSecurity, requireSession } from './lib/session-guard';
export type { CallerSession } from './lib/session-guard';
export { LinkSigner } from './lib/signed-links';
export type { LinkPurpose, SignOptions, VerifiedLink } from './lib/signed-links';
