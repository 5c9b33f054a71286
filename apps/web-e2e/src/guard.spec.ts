import { expect, test } from '@playwright/test';
import { newPerson, signUp } from './support';

test('an anonymous visit to /settings ends on /login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
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
