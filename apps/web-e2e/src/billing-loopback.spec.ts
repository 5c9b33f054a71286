import { expect, test } from '@playwright/test';
import { newPerson } from './support';
import { CHECKOUT_URL, money, pricingOf, submitSignUpForm } from './billing-support';

// Issue 33: a person who opens Mason at http://127.0.0.1:{port} (PUBLIC_URL says localhost)
// keeps their session through the checkout. Storage is per origin, so a checkout link or a way
// back on localhost would land them signed out; every step stays on 127.0.0.1.

const port = Number(process.env.E2E_PORT ?? 4310);
const loopback = `http://127.0.0.1:${port}`;
test.use({ baseURL: loopback });

// Sign-up's password hashing and three pages on a busy machine: a bound, never a pause.
test.describe.configure({ timeout: 120_000 });

test('Mason opened at 127.0.0.1: choosing Pro, paying and coming back all stay there, signed in', async ({
  page,
}) => {
  const pro = (await pricingOf(page.request)).plans.PRO;
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Pro' }).click();
  await submitSignUpForm(page, newPerson());

  // The checkout page is on 127.0.0.1, where the session is: it shows the plan, not the login.
  await expect(page).toHaveURL(CHECKOUT_URL, { timeout: 40_000 });
  expect(new URL(page.url()).origin).toBe(loopback);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${money(pro.monthlyPriceCents)}` }).click();

  // The way back is on 127.0.0.1 too, and the person is still signed in there.
  await expect(page).toHaveURL(/\/subscriptions\/success\?checkout=/);
  expect(new URL(page.url()).origin).toBe(loopback);
  await expect(page.getByRole('heading', { name: 'You’re on Pro', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(`${loopback}/dashboard/billing`);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
});
