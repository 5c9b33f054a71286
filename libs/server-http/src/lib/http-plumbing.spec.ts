import { ApiRoutes, API_PREFIX } from '@mason/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { RuleViolation } from './rule-violation';
import { requireSession } from './session-guard';
import { bareApp } from './test-utils/bare-app';

/** A bare Fastify with the plumbing every domain's routes run on, and two calls of the table. */
async function plumbing(): Promise<FastifyInstance> {
  const app = bareApp();
  await app.register(
    async (api) => {
      // POST /waitlist is public; GET /users/current needs a session.
      api
        .withTypeProvider<ZodTypeProvider>()
        .post(
          ApiRoutes.waitlist,
          { schema: { body: z.object({ email: z.email() }) } },
          async (request) => ({ email: request.body.email }),
        );
      // Its own answer schema wins over the entry's (UserSchema).
      api.get(
        ApiRoutes.currentUser,
        { schema: { response: { 200: z.object({ id: z.string() }) } } },
        async (request) => requireSession(request).user,
      );
      // GET /models is public and reads a session when one comes (optionalSession).
      api.get(
        ApiRoutes.models,
        { schema: { response: { 200: z.object({ caller: z.nullable(z.string()) }) } } },
        async (request) => ({ caller: request.session?.user.id ?? null }),
      );
      api.get(ApiRoutes.config, async () => {
        throw new Error('secret internals');
      });
      // Domain code names the rule it breaks, never a status.
      api.post(ApiRoutes.verifyEmail, async () => {
        throw new RuleViolation('conflict', 'That was done already.');
      });
      api.post(ApiRoutes.passwordReset, async () => {
        throw new RuleViolation('invalid', 'Say which address.', { email: 'Say which address.' });
      });
    },
    { prefix: API_PREFIX },
  );
  return app;
}

describe('the HTTP plumbing', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await plumbing();
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${API_PREFIX}${path}`, init);

  it("answers bad input with a 400 that names the field, in the contract's error shape", async () => {
    const reply = await call(ApiRoutes.waitlist, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nope' }),
    });
    expect(reply.status).toBe(400);
    const body = await reply.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.fieldErrors).toHaveProperty('email');
  });

  it('answers a body that is not JSON with a clear 400', async () => {
    const reply = await call(ApiRoutes.waitlist, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(reply.status).toBe(400);
    expect((await reply.json()).message).toBe('The request body is not valid JSON.');
  });

  it('finds the session before the route runs, and the route reads it', async () => {
    expect((await call(ApiRoutes.currentUser)).status).toBe(401);
    const answered = await call(ApiRoutes.currentUser, {
      headers: { authorization: 'Bearer good' },
    });
    expect(await answered.json()).toEqual({ id: 'user-1' });
  });

  it('reads the session of a public call that takes one, and answers as for anyone without or with a bad one', async () => {
    const anyone = await call(ApiRoutes.models);
    expect(await anyone.json()).toEqual({ caller: null });
    const signedIn = await call(ApiRoutes.models, { headers: { authorization: 'Bearer good' } });
    expect(await signedIn.json()).toEqual({ caller: 'user-1' });
    const stale = await call(ApiRoutes.models, { headers: { authorization: 'Bearer expired' } });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ caller: null });
  });

  it("never sends a crash's message or stack to the caller", async () => {
    const reply = await call(ApiRoutes.config);
    expect(reply.status).toBe(500);
    const text = await reply.text();
    expect(text).not.toContain('secret internals');
    expect(JSON.parse(text)).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
  });

  it("answers a domain's broken rule with its status and words, and the fields it names", async () => {
    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const conflict = await call(ApiRoutes.verifyEmail, json({ token: 'a'.repeat(43) }));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'That was done already.',
    });
    const invalid = await call(ApiRoutes.passwordReset, json({ email: 'ada@example.com' }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      statusCode: 400,
      message: 'Say which address.',
      fieldErrors: { email: 'Say which address.' },
    });
  });

  it('refuses to start a route that has no entry in the table of calls', async () => {
    const app = bareApp();
    expect(() => app.get(`${API_PREFIX}/not-a-call`, async () => ({}))).toThrow(
      /has no entry in the contract's table of calls/,
    );
    await app.close();
  });
});
