import { ApiErrorBodySchema, type CallSchema, type CallSpec } from '@mason/contract';
import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

type Part<C, K extends PropertyKey> = C extends { readonly [P in K]: infer S } ? S : undefined;
type SuccessStatus<C> = C extends { readonly status: infer S extends number } ? S : 200;
type SuccessResponse<C> = C extends { readonly response: infer R }
  ? { [S in SuccessStatus<C>]: R }
  : SuccessStatus<C> extends 204
    ? { 204: z.ZodMiniUndefined }
    : unknown;
type ErrorResponses<C> = C extends { readonly errors: ReadonlyArray<infer E extends number> }
  ? { [S in E]: typeof ApiErrorBodySchema }
  : unknown;

/**
 * A call's schemas as a Fastify route schema, typed from its entry, so that
 * fastify-type-provider-zod infers `request.params`, `query`, `body` and the reply.
 */
export interface CallRouteSchema<C extends CallSpec> extends FastifySchema {
  params: Part<C, 'params'>;
  querystring: Part<C, 'query'>;
  body: Part<C, 'body'>;
  response: SuccessResponse<C> & ErrorResponses<C>;
}

/** A route handler of a call: its request and reply typed from the call's schemas. */
export type CallHandler<C extends CallSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  CallRouteSchema<C>,
  ZodTypeProvider
>;

/** Fastify route options of a call (what `app.route` takes). */
export type CallRouteOptions<C extends CallSpec> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  CallRouteSchema<C>,
  ZodTypeProvider
>;

/** What a route may add to its call's options (hooks; never the method, path or schemas). */
export type CallRouteExtras<C extends CallSpec> = Partial<
  Pick<CallRouteOptions<C>, 'preHandler' | 'onRequest' | 'preValidation' | 'onSend' | 'onResponse'>
>;

/** The parts of a Fastify route schema an entry of the table describes. */
export interface CallSchemaParts {
  params?: CallSchema;
  querystring?: CallSchema;
  body?: CallSchema;
  response: Record<number, CallSchema>;
}

/**
 * The route schema of a call: params, query string and JSON body, the success answer (its
 * status's schema, or nothing for 204) and the catalogue's error body for each error status.
 * A multipart body is read by the route, so it has no body schema.
 */
export function callSchema(call: CallSpec): CallSchemaParts {
  const response: Record<number, CallSchema> = {};
  if (call.response) response[call.status ?? 200] = call.response;
  else if (call.status === 204) response[204] = z.undefined();
  for (const status of call.errors ?? []) response[status] = ApiErrorBodySchema;
  return {
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    response,
  };
}

/**
 * A route of the table: `app.route(callRoute(ApiCalls.getProject, async (request) => ...))`.
 * Its method, path, schemas and entry come from the call, and its handler's request and reply
 * types from the call's schemas, so a route file declares no schema of its own.
 */
export function callRoute<const C extends CallSpec>(
  call: C,
  handler: CallHandler<C>,
  extras: CallRouteExtras<C> = {},
): CallRouteOptions<C> {
  return {
    ...extras,
    method: call.method,
    url: call.path,
    schema: callSchema(call) as unknown as CallRouteSchema<C>,
    config: { call },
    handler,
  };
}
