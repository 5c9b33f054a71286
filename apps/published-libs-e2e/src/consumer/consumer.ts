// Another app's script, using the packed @mason/contract and @mason/api-client as they are
// installed from npm: signs a person up against a Mason server, creates a project, asks for a
// project that does not exist, and prints what it got as one line of JSON.
// The spec copies this file into a scratch project outside the workspace, compiles it with tsc
// (module nodenext: the packages' .d.ts files are what it checks against) and runs it in plain
// Node, and bundles the same file with esbuild and runs that.
//   node consumer.js http://127.0.0.1:PORT
import { randomUUID } from 'node:crypto';
import { configureStore } from '@reduxjs/toolkit';
import { api, createApiClient, isApiError, type ApiError } from '@mason/api-client';
import { aProject } from '@mason/api-client/testing';
import { ProjectSchema } from '@mason/contract';

// The types are the packages' own, not `any`: the compiler refuses each of these lines (and
// would refuse the directive above it if the types had been lost). Nothing here runs.
// @ts-expect-error -- api-client's index.d.ts: a reducer path is a string
void (api.reducerPath satisfies number);
// @ts-expect-error -- api-client's testing.d.ts: a project's name is a string
void ({ name: 42 } satisfies Parameters<typeof aProject>[0]);
// @ts-expect-error -- contract's index.d.ts: a project has no owner
void ({ owner: 'someone' } satisfies Partial<ReturnType<typeof ProjectSchema.parse>>);

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error('usage: node consumer.js BASE_URL');

const session: { token: string | null } = { token: null };
const client = createApiClient({
  baseUrl: `${baseUrl}/api`,
  getToken: () => session.token,
  getPathname: () => '/dashboard/projects',
  notify: () => undefined,
  warn: () => undefined,
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefault) =>
    getDefault({ thunk: { extraArgument: client.extraArgument } }).concat(...client.middleware),
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

const email = `consumer.${randomUUID().slice(0, 8)}@example.com`;
const { token } = await store
  .dispatch(
    api.endpoints.signup.initiate({
      firstName: 'Grace',
      lastName: 'Consumer',
      email,
      password: `correct horse ${randomUUID().slice(0, 8)}9`,
    }),
  )
  .unwrap();
session.token = token;
const user = await store.dispatch(api.endpoints.getCurrentUser.initiate()).unwrap();
const created = await store
  .dispatch(api.endpoints.createProject.initiate({ description: 'A reading list with due dates' }))
  .unwrap();
const project = ProjectSchema.parse(created.project);
const notFound = await failure(
  store.dispatch(api.endpoints.getProject.initiate(randomUUID())).unwrap(),
);

console.log(
  JSON.stringify({
    email,
    user: { email: user.email, firstName: user.firstName },
    project: { id: project.id, name: project.name },
    notFound,
    fixture: ProjectSchema.safeParse(aProject()).success,
  }),
);
