import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  createProjectThroughApi,
  newPerson,
  signUp,
  signUpThroughApi,
  submitLogIn,
} from './support';

test('an anonymous visit to /settings ends on /login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a visitor who opens a project is told once, asked once, and lands on the project after logging in', async ({
  page,
}) => {
  const person = newPerson();
  const token = await signUpThroughApi(page.request, person);
  const { project } = await createProjectThroughApi(
    page.request,
    token,
    `A guest book (${randomUUID().slice(0, 8)})`,
  );
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });

  await page.goto(`/projects/${project.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?projectId=${project.id}$`));
  await expect(page.getByText('Cannot find project. Please login and try again.')).toHaveCount(1);
  await submitLogIn(page, person);

  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
  // One refusal, not a burst of them while the page went to the login screen.
  expect(refused).toEqual([`/api/projects/${project.id}`]);
});

test('a logged-in person on an unknown route ends on /dashboard/projects', async ({ page }) => {
  await signUp(page, newPerson());
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
});

test('the session survives a reload', async ({ page }) => {
  const person = newPerson();
  await signUp(page, person);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await page.goto('/settings');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
});

test('the page has the product title and description', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Mason');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Build Scalable MVPs and Internal Tools with AI',
  );
});

test('the announcement banner hides after dismissal and stays hidden after a reload', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText(/October 2025/);
  await expect(banner.getByRole('link', { name: /migration guide/i })).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
});
