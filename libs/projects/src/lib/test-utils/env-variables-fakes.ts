import type { EnvVariable } from '@mason/contract';
import { apiErrorBody, mockEndpoint } from '@mason/api-client/testing';

/**
 * A project's variables as the server keeps them, for specs and stories: listed sorted by key,
 * set (added or replaced) and deleted (404 when there is none), each request checked by the
 * contract's schemas like the server does (apps/api/src/projects/projects.spec.ts holds the
 * server to the same behaviour). `changes` counts the stored changes.
 */
export function serveEnvVariables(initial: readonly EnvVariable[] = []) {
  const variables = new Map(initial.map(({ key, value }) => [key, value]));
  const state = { changes: 0 };
  const list = () =>
    [...variables.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => ({ key, value }));
  const handlers = [
    mockEndpoint('getEnvVariables', () => ({ variables: list() })),
    mockEndpoint('setEnvVariable', ({ body }) => {
      const variable = body as EnvVariable;
      variables.set(variable.key, variable.value);
      state.changes += 1;
      return variable;
    }),
    mockEndpoint('deleteEnvVariable', ({ params }) => {
      const key = params['key'] ?? '';
      if (!variables.delete(key)) {
        return Response.json(apiErrorBody(404, { message: `There is no variable ${key}.` }), {
          status: 404,
        });
      }
      state.changes += 1;
      return { ok: true as const };
    }),
  ];
  return { handlers, list, state };
}

/** Variables of a small app: one built into it, one kept on the server. */
export const SAMPLE_VARIABLES: readonly EnvVariable[] = [
  { key: 'STRIPE_SECRET_KEY', value: 'sk_test_51Hx-server-only' },
  { key: 'VITE_GREETING', value: 'Hello from the settings' },
];
