import {
  type ApiErrorBody,
  type AuthTokenResponse,
  type CheckoutResponse,
  type PaidPlan,
  type SignupRequest,
  type User,
} from '@mason/contract';
import type { TestServer } from './test-app';
import { eventually, SERVER_WAIT_TIMEOUT_MS } from './waits';

let counter = 0;

/** A unique e-mail address per call (tests in one file share a database). */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = 'correct-horse-42';

export interface SignedUp {
  email: string;
  password: string;
  token: string;
}

/** A fresh caller address, so that per-address limits of one test do not touch another's. */
export function uniqueIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Signs a new person up through POST /api/users (from a fresh IP address unless `ip` is given)
 * and returns the token the server gave them.
 */
export async function signUp(
  server: TestServer,
  overrides: Partial<SignupRequest> = {},
  ip = uniqueIp(),
): Promise<SignedUp> {
  const body: SignupRequest = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  };
  const response = await server.request<AuthTokenResponse>('POST', '/api/users', { body, ip });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email: body.email.toLowerCase(), password: body.password, token: response.body.token };
}

export async function login(server: TestServer, email: string, password: string, ip?: string) {
  return server.request<AuthTokenResponse & ApiErrorBody>('POST', '/api/auth/authorize', {
    body: { email, password },
    ip,
  });
}

export async function currentUser(server: TestServer, token: string) {
  return server.request<User & ApiErrorBody>('GET', '/api/users/current', { token });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The e-mails sent to `email`, newest first (GET /api/dev/outbox). */
export async function mailsTo(server: TestServer, email: string): Promise<OutboxMail[]> {
  const response = await server.request<{ messages: OutboxMail[] }>(
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  if (response.status !== 200) throw new Error(`outbox: ${response.status}`);
  return response.body.messages;
}

/**
 * Waits until at least `count` e-mails were sent to `email` (some are sent after the answer) and
 * answers them, newest first; fails, saying how many came, when they do not come in time.
 */
export async function waitForMails(
  server: TestServer,
  email: string,
  count = 1,
  timeoutMs = SERVER_WAIT_TIMEOUT_MS,
): Promise<OutboxMail[]> {
  let seen = 0;
  try {
    return await eventually(
      `${count} e-mail(s) to ${email}`,
      async () => {
        const mails = await mailsTo(server, email);
        seen = mails.length;
        return mails.length >= count ? mails : undefined;
      },
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message} Only ${seen} came.`);
  }
}

/** The token of the first `${publicUrl}/${route}/TOKEN` link in a mail. */
export function linkToken(mail: OutboxMail, route: 'verify-email' | 'password-reset'): string {
  const match = new RegExp(`https?://\\S+/${route}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return match[1];
}

/** The newest mail whose subject matches (fails the test when there is none). */
export function mailWithSubject(mails: OutboxMail[], subject: RegExp): OutboxMail {
  const mail = mails.find((candidate) => subject.test(candidate.subject));
  if (!mail)
    throw new Error(
      `no e-mail with a subject like ${subject} among: ${mails.map((m) => m.subject).join(', ')}`,
    );
  return mail;
}

/**
 * Subscribes a person to a paid plan the way the browser does with Mason's own checkout page:
 * POST /api/stripe/checkout, then the page's Pay (its confirm call).
 */
export async function subscribe(server: TestServer, token: string, plan: PaidPlan): Promise<void> {
  const started = await server
    .as(token)
    .post<CheckoutResponse & ApiErrorBody>('/api/stripe/checkout', { type: plan });
  if (started.status !== 200)
    throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const checkoutId = new URL(started.body.checkoutUrl).pathname.split('/').pop();
  const paid = await server.as(token).post(`/api/billing/checkout/${checkoutId}/confirm`);
  if (paid.status !== 200)
    throw new Error(`paying failed: ${paid.status} ${JSON.stringify(paid.body)}`);
}
