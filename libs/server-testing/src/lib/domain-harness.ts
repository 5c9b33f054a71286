import {
  API_PREFIX,
  ApiRoutes,
  type AuthTokenResponse,
  JSON_BODY_LIMIT_BYTES,
  loadEnglishMessages,
  type User,
} from '@mason/contract';
import {
  authenticate,
  type AuthContext,
  authRoutes,
  OutboxMailer,
  RateLimiter,
  type RateLimits,
} from '@mason/server-auth';
import type { Database } from '@mason/server-db';
import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import {
  BackgroundTasks,
  frameworkErrors,
  registerCallTable,
  registerEarlyNotFound,
  registerErrorHandler,
  registerJsonParser,
} from '@mason/server-http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { asCaller, type AuthenticatedClient, httpClient, type RequestFn } from './http-client';

/** What a spec's routes are built from: the harness's database and its after-answer work. */
export interface HarnessDeps {
  db: Database;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
}

/** Registers the domain's plugin(s) under /api (the instance is already prefixed). */
export type RegisterRoutes = (api: FastifyInstance, deps: HarnessDeps) => Promise<void>;

/** A person signed up through the harness's own sign-up route. */
export interface HarnessUser {
  id: string;
  email: string;
  token: string;
}

export interface DomainHarness {
  baseUrl: string;
  db: Database;
  background: BackgroundTasks;
  request: RequestFn;
  /** Signs a new person up (POST /api/users) and answers who they are. */
  signUp(label?: string): Promise<HarnessUser>;
  /** The requests of `user`, each with their bearer token. */
  as(user: Pick<HarnessUser, 'token'>): AuthenticatedClient;
  /** Stops the server, waits for its after-answer work and removes the database. */
  close(): Promise<void>;
}

/** Limits no spec reaches by accident: sign-ups all come from loopback. */
const ROOMY: RateLimits['signupsPerIp'] = { max: 10_000, windowSeconds: 60 };
const HARNESS_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccount: ROOMY,
  loginFailuresPerAccountAnywhere: ROOMY,
  loginFailuresPerIp: ROOMY,
  signupsPerIp: ROOMY,
  passwordResetsPerIp: ROOMY,
  passwordResetsPerEmail: ROOMY,
  verificationMailsPerAccount: ROOMY,
  emailChangesPerAccount: ROOMY,
};

let signUps = 0;

/**
 * One domain's routes over real HTTP with Mason's plumbing (server-http's JSON parser, error
 * handler and call table; server-auth's sessions and sign-up), on a fresh database: PGlite in
 * memory, or PostgreSQL when TEST_DATABASE_URL is set. A domain library's spec tests its own
 * routes with it, without composing the whole app. Close it in afterAll.
 */
export async function startDomainHarness(register: RegisterRoutes): Promise<DomainHarness> {
  loadEnglishMessages();
  const database = await createTestDatabase();
  const app = Fastify({
    logger: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    frameworkErrors,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  const background = new BackgroundTasks(app.log);
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerJsonParser(app);
    registerErrorHandler(app);
    const auth = authContext(database.db, background, app.log);
    registerEarlyNotFound(app);
    registerCallTable(app, { undocumented: [], authenticate: (req) => authenticate(auth, req) });
    await app.register(
      async (api) => {
        await api.register(authRoutes, { ctx: auth });
        await register(api, { db: database.db, background, log: app.log });
      },
      { prefix: API_PREFIX },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await closeAll(app, background, database);
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The harness has no port.');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const request = httpClient(baseUrl);
  return {
    baseUrl,
    db: database.db,
    background,
    request,
    as: (user) => asCaller(request, user.token),
    signUp: (label = 'user') => signUp(request, label),
    close: () => closeAll(app, background, database),
  };
}

function authContext(
  db: Database,
  background: BackgroundTasks,
  log: FastifyBaseLogger,
): AuthContext {
  return {
    config: { publicUrl: 'http://mason.test', signupsOpen: true, supportEmail: 'help@mason.test' },
    db,
    mailer: new OutboxMailer(db, log, { logLinks: false }),
    limiter: new RateLimiter(db, HARNESS_RATE_LIMITS),
    background,
    google: null,
    log,
  };
}

async function signUp(request: RequestFn, label: string): Promise<HarnessUser> {
  signUps += 1;
  const email = `${label}-${signUps}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request<AuthTokenResponse>('POST', `${API_PREFIX}${ApiRoutes.users}`, {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct-horse-42' },
  });
  if (created.status !== 201)
    throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
  const { token } = created.body;
  const me = await request<User>('GET', `${API_PREFIX}${ApiRoutes.currentUser}`, { token });
  if (me.status !== 200) throw new Error(`current user: ${me.status}`);
  return { id: me.body.id, email, token };
}

async function closeAll(
  app: FastifyInstance,
  background: BackgroundTasks,
  database: TestDatabase,
): Promise<void> {
  try {
    await app.close();
    await background.idle();
  } finally {
    await database.close();
  }
}
