import { type CallBodyOf, type CallSpec, callTimeoutMs } from '@mason/contract';
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
 * repeats what the table says: `query: (id) => callRequest(ApiCalls.getProject, { params: { id } })`.
 */
export function callRequest<const C extends CallSpec>(call: C, ...[parts]: PartsArg<C>): FetchArgs {
  const params = parts?.params as Record<string, string> | undefined;
  return {
    url: params ? fillPath(call.path, params) : call.path,
    method: call.method,
    timeout: callTimeoutMs(call),
    ...(parts?.query ? { params: parts.query } : {}),
    ...(parts?.body !== undefined ? { body: parts.body } : {}),
  };
}
