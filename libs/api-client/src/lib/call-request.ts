import {
  type CallBodyOf,
  type CallOfRoute,
  type CallRoute,
  type CallSpec,
  callTimeoutMs,
} from '@mason/contract';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { fillPath, type PathParams } from './path';

/** The parts of one request of a call: its path's params, its query string and its body. */
export type CallParts<C extends CallSpec> = ([PathParams<C['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: Readonly<Record<PathParams<C['path']>, string>> }) & {
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: C extends { readonly multipart: true } ? FormData : CallBodyOf<C>;
};

type PartsArg<C extends CallSpec> = [PathParams<C['path']>] extends [never]
  ? [parts?: CallParts<C>]
  : [parts: CallParts<C>];

/**
 * The request of a call of the contract's table: its method and path (params filled), its
 * query and body, and how long to wait (the entry's timeout class), so an endpoint never
 * repeats what the table says:
 * `query: (id) => callRequest(projectCallRoutes.getProject, { params: { id } })`.
 * It takes the call's route (no schemas: the first page loads no zod); its parts are typed by
 * the table's entry of that route.
 */
export function callRequest<const R extends CallRoute>(
  route: R,
  ...[parts]: PartsArg<CallOfRoute<R>>
): FetchArgs {
  const params = parts?.params as Record<string, string> | undefined;
  return {
    url: params ? fillPath(route.path, params) : route.path,
    method: route.method,
    timeout: callTimeoutMs(route),
    ...(parts?.query ? { params: parts.query } : {}),
    ...(parts?.body !== undefined ? { body: parts.body } : {}),
  };
}
