import { expect, test } from '@playwright/test';
import {
  credits,
  panel,
  pricingOf,
  submitSignUpForm,
  subscribeThroughApi,
} from './billing-support';
import { linkFromOutbox, newPerson, signedIn } from './support';

// Rewards in Chromium against the real server (embedded billing provider): a person shares their
// referral link, a friend signs up through it, verifies the e-mail address and pays for a plan,
// and both get the table's credits.

test.describe.configure({ timeout: 120_000 });

test('a referral link: the friend signs up with it and pays, and both accounts show the credits', async ({
  page,
  browser,
}) => {
  const { referrer: referrerCredits, referred: referredCredits } = (await pricingOf(page.request))
    .referralRewardCredits;

  // The referrer finds their link on /dashboard/rewards.
  await signedIn(page);
  await page.goto('/dashboard/rewards');
  const linkField = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(linkField).toHaveValue(/\?ref=[A-Za-z0-9_-]+$/);
  const link = new URL(await linkField.inputValue());
  const joined = panel(page, 'People who joined');
  await expect(joined.getByText('Nobody has joined with your link yet')).toBeVisible();

  // The friend opens the link in their own browser and signs up.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  const friend = { ...newPerson(), firstName: 'Grace' };
  await friendPage.goto(`${link.pathname}${link.search}`);
  await submitSignUpForm(friendPage, friend);
  await expect(friendPage).toHaveURL(/\/dashboard\/projects$/, { timeout: 40_000 });

  // Joined, not paid yet: no credits for anyone.
  await page.reload();
  const row = joined.getByRole('row', { name: /Grace/ });
  await expect(row).toContainText('Waiting for first payment');
  await expect(joined).not.toContainText(friend.email);
  await expect(joined).not.toContainText(friend.lastName);

  // Only a verified account's payment rewards a referral: the friend follows the e-mailed link.
  await friendPage.goto(await linkFromOutbox(friendPage.request, friend.email, '/verify-email/'));
  await expect(friendPage.getByRole('heading', { name: /e-mail verified/i })).toBeVisible();

  // The friend's first payment: Pro, paid on the checkout page (through its API here; the
  // pages of paying are billing.spec.ts's).
  const token = await friendPage.evaluate(() => localStorage.getItem('mason.session.token'));
  await subscribeThroughApi(friendPage.request, token ?? '', 'PRO');
  await friendPage.goto('/dashboard/billing');
  await expect(
    panel(friendPage, 'Usage this month').getByText(credits(referredCredits), { exact: true }),
  ).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(row).toContainText('Rewarded');
  await expect(joined.getByText(credits(referrerCredits), { exact: true })).toBeVisible();
  await page.goto('/dashboard/billing');
  await expect(
    panel(page, 'Usage this month').getByText(credits(referrerCredits), { exact: true }),
  ).toBeVisible();
});
