import { accountCalls } from './accounts';
import { billingCalls } from './billing';
import type { CallRoute, CallSpec } from './call-spec';
import { codeHostingCalls } from './code-hosting';
import { deploymentCalls } from './deployments';
import { devCalls } from './dev';
import { projectExtraCalls } from './project-extras';
import { projectCalls } from './projects';
import { outsideToolsCalls } from './outside-tools';
import { supabaseCalls } from './supabase';
import { taskCalls } from './tasks';

/**
 * Every call of Mason's API, once: its method, path, who may make it, how large its body may be,
 * which of its parts name someone's things, its schemas, how long a client waits, and whether
 * the server serves it yet. The server registers each route against its entry (a route without
 * one does not start) and documents it from the entry (OpenAPI); the api-client's endpoints and
 * their MSW fakes read the same entries; the security tests (the fuzzer, the cross-tenant matrix)
 * walk this table.
 */
export const ApiCalls = {
  ...accountCalls,
  ...billingCalls,
  ...codeHostingCalls,
  ...supabaseCalls,
  ...outsideToolsCalls,
  ...projectCalls,
  ...projectExtraCalls,
  ...deploymentCalls,
  ...taskCalls,
  ...devCalls,
} as const satisfies Record<string, CallSpec>;

export type ApiCallName = keyof typeof ApiCalls;

/** The table's entry of a call's route: the one call with its method and path (types only). */
export type CallOfRoute<R extends CallRoute> = {
  [N in ApiCallName]: (typeof ApiCalls)[N] extends {
    readonly method: R['method'];
    readonly path: R['path'];
  }
    ? (typeof ApiCalls)[N]
    : never;
}[ApiCallName];

const entries = Object.entries(ApiCalls) as ReadonlyArray<[ApiCallName, CallSpec]>;

/** The entry of a method and path (HEAD answers as GET), or undefined when the table has none. */
export function findApiCall(method: string, path: string): CallSpec | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return entries.find(([, call]) => call.method === wanted && call.path === path)?.[1];
}

/** The name of a table entry (undefined for an entry made elsewhere, such as a test's). */
export function apiCallNameOf(call: CallSpec): ApiCallName | undefined {
  return entries.find(([, entry]) => entry === call)?.[0];
}
