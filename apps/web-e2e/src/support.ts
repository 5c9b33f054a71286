import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

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

/** Signs a new person up through the signup screen and waits for the dashboard. */
export async function signUp(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
}

export async function logIn(
  page: Page,
  person: Pick<TestPerson, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
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
