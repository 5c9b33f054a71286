import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { CreateProjectResponse, Task } from '@mason/contract';

export interface TestPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newPerson(): TestPerson {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: 'Ada',
    lastName: `Tester ${id}`,
    email: `ada.${id}@example.com`,
    password: `correct horse ${id}9`,
  };
}

/**
 * Opens the signup screen (of `origin`, default: the test's Mason), fills it in for `person`
 * and sends it. Answers the screen's response (its headers, e.g. the content policy).
 */
export async function submitSignUp(
  page: Page,
  person: TestPerson,
  origin = '',
): Promise<Response | null> {
  const response = await page.goto(`${origin}/signup`);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  return response;
}

/** Signs a new person up through the signup screen and waits for the dashboard. */
export async function signUp(page: Page, person: TestPerson): Promise<void> {
  await submitSignUp(page, person);
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
}

/** A person signed up through the API, and the session token the server gave them. */
export interface SignedInPerson {
  person: TestPerson;
  token: string;
}

/**
 * Signs a new person up through the API and opens their session in `page`, as the sign-up
 * screen leaves it (Mason's storage holds the token and the e-mail). For tests about what comes
 * after signing up: the screen itself is tested by accounts.spec.ts, and going through it costs
 * a test seconds it needs for what it is about.
 */
export async function signedIn(
  page: Page,
  person: TestPerson = newPerson(),
): Promise<SignedInPerson> {
  const token = await signUpThroughApi(page.request, person);
  // Any page of Mason's origin gives access to its storage; the API's config is the smallest.
  await page.goto('/api/config');
  await page.evaluate(
    ({ token: value, email }) => {
      localStorage.setItem('mason.session.token', value);
      localStorage.setItem('mason.session.email', email);
    },
    { token, email: person.email },
  );
  return { person, token };
}

/** A new person signed up through the API (no browser session): their session token. */
export async function signUpThroughApi(
  request: APIRequestContext,
  person: TestPerson,
): Promise<string> {
  const response = await request.post('/api/users', { data: person });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** Fills in the login screen that is open (wherever it came from) and sends it. */
export async function submitLogIn(
  page: Page,
  person: Pick<TestPerson, 'email' | 'password'>,
): Promise<void> {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens /login and logs `person` in. */
export async function logIn(
  page: Page,
  person: Pick<TestPerson, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await submitLogIn(page, person);
}

/** A project's id in the workspace's URL (/projects/{id}). */
export const PROJECT_URL = /\/projects\/([0-9a-f-]{36})/;

/**
 * Describes a new project on the new-project screen and waits for its workspace. Answers the
 * project's id and the new-project screen's response (its headers, e.g. the content policy).
 */
export async function createProject(
  page: Page,
  description: string,
): Promise<{ projectId: string; formResponse: Response | null }> {
  const formResponse = await page.goto('/dashboard/projects/new');
  await page.getByRole('textbox', { name: 'Describe the app you want' }).fill(description);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(PROJECT_URL);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { projectId: PROJECT_URL.exec(page.url())?.[1] ?? '', formResponse };
}

/** Creates a project through the API for the person whose session `token` is: its id and first task. */
export async function createProjectThroughApi(
  request: APIRequestContext,
  token: string,
  description: string,
): Promise<DescribedProject> {
  const created = await request.post('/api/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { description },
  });
  expect(created.status(), await created.text()).toBe(201);
  return withFirstTask((await created.json()) as CreateProjectResponse);
}

/** A project made from a description: it starts with a task (only an import may have none). */
export type DescribedProject = CreateProjectResponse & { firstTask: Task };

export function withFirstTask(created: CreateProjectResponse): DescribedProject {
  const { firstTask } = created;
  if (!firstTask) throw new Error(`project ${created.project.id} was described but has no task`);
  return { ...created, firstTask };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest e-mail the server sent to `email` whose text holds a link to `pathPrefix`. */
export async function linkFromOutbox(
  request: APIRequestContext,
  email: string,
  pathPrefix: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = ((await response.json()) as { messages: OutboxMail[] }).messages;
      link = mails
        .map((mail) => mail.text.match(new RegExp(`https?://\\S+${pathPrefix}\\S+`))?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link as string).pathname;
}

/** The scripted model server the e2e Mason talks to (see playwright.config.ts). */
export const scriptedModelUrl = `http://127.0.0.1:${process.env.E2E_MODEL_PORT ?? 4319}`;

/** A reply of the scripted model (see libs/server-agent/src/testing/scripted-reply.ts). */
export interface ModelReply {
  text?: string | string[];
  toolCalls?: { name: string; input: Record<string, unknown> | string }[];
  status?: number;
  delayMs?: number;
}

/**
 * Queues the model's replies for conversations that contain `key` (put the key in the project's
 * description): tests running in parallel each get their own replies.
 */
export async function queueModelReplies(key: string, replies: ModelReply[]): Promise<void> {
  const response = await fetch(
    `${scriptedModelUrl}/__scripted/replies?key=${encodeURIComponent(key)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(replies),
    },
  );
  expect(response.status).toBe(200);
}
