import { expect, test } from '@playwright/test';
import { linkFromOutbox, logIn, newPerson, signUp, submitSignUp } from './support';

test('a person signs up, verifies the e-mail, logs out, logs in and lands on the dashboard', async ({
  page,
  request,
}) => {
  const person = newPerson();
  await signUp(page, person);
  await expect(page.getByText(/verify your e-mail/i)).toBeVisible();

  const verifyPath = await linkFromOutbox(request, person.email, '/verify-email/');
  await page.goto(verifyPath);
  await expect(page.getByRole('heading', { name: /e-mail verified/i })).toBeVisible();

  await page.goto('/dashboard/projects');
  await expect(page.getByText(/verify your e-mail/i)).toHaveCount(0);

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, person);
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
});

test('a wrong password shows "Invalid email or password"', async ({ page }) => {
  const person = newPerson();
  await signUp(page, person);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await logIn(page, { email: person.email, password: 'not the password 1' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signing up with a taken e-mail shows "Email already in use."', async ({ page, browser }) => {
  const person = newPerson();
  await signUp(page, person);

  const other = await browser.newPage();
  await submitSignUp(other, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: person.email,
    password: 'another password 2',
  });
  await expect(other.getByText('Email already in use.').first()).toBeVisible();
  await expect(other).toHaveURL(/\/signup$/);
  await other.close();
});

test('a password reset link from the e-mail sets a new password that logs in', async ({
  page,
  request,
}) => {
  const person = newPerson();
  await signUp(page, person);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await page.goto('/password-reset');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByText(/if an account exists/i)).toBeVisible();

  const resetPath = await linkFromOutbox(request, person.email, '/password-reset/');
  await page.goto(resetPath);
  const newPassword = 'a brand new secret 7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /set new password/i }).click();
  await expect(
    page.getByText('Your password has been changed. Log in with the new one.'),
  ).toBeVisible();
  await logIn(page, { email: person.email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard\/projects$/);

  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('yet another secret 8');
  await page.getByRole('button', { name: /set new password/i }).click();
  await expect(page.getByText('Token has already been used.')).toBeVisible();
});
