import { expect, test } from '@playwright/test';
import { newPerson, signedIn } from './support';
import {
  activeSubscription,
  billingDate,
  CHECKOUT_URL,
  credits,
  money,
  panel,
  pricingOf,
  submitSignUpForm,
  subscribeThroughApi,
} from './billing-support';

// Billing in Chromium against the real server with its default provider, the embedded one:
// Mason's own checkout page (/billing/checkout/:id) stands where Stripe's would. Prices and
// budgets come from the server's GET /config, as the pages' do.

// Each test is a journey of five to seven pages (sign-up's password hashing among them): about
// 15 s alone, 40 s with two workers on a machine loaded twenty deep. A bound, never a pause.
test.describe.configure({ timeout: 120_000 });

test('a visitor chooses Pro on the pricing page, signs up, pays on the checkout page and billing shows Pro and its budget', async ({
  page,
}) => {
  const pricing = await pricingOf(page.request);
  const pro = pricing.plans.PRO;
  // What the test is about: Pro gives more each month than the free plan.
  expect(pro.monthlyCredits).toBeGreaterThan(pricing.plans.FREE.monthlyCredits);

  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Pro' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=PRO$/);
  await submitSignUpForm(page, newPerson());

  // Signed up with a plan: straight on to the checkout page, which shows the plan and its price.
  // Signing up, starting the session and opening the checkout are the slow path of a busy machine.
  await expect(page).toHaveURL(CHECKOUT_URL, { timeout: 40_000 });
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: /^Pro$/ })).toBeVisible();
  await expect(
    details.filter({ hasText: `${money(pro.monthlyPriceCents)} a month` }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Pay ${money(pro.monthlyPriceCents)}` }).click();

  // The success page says what happened and leads on.
  await expect(page).toHaveURL(/\/subscriptions\/success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'You’re on Pro', level: 1 })).toBeVisible();
  // The date is the server's: the session the sign-up screen stored asks for the subscription.
  const token = await page.evaluate(() => localStorage.getItem('mason.session.token'));
  const subscription = await activeSubscription(page.request, token ?? '');
  const renewsOn = billingDate(subscription?.currentPeriodEnd ?? '');
  await expect(
    page.getByText(`Thank you. Your plan is active and renews on ${renewsOn}.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your projects' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  const plan = panel(page, 'Current plan');
  await expect(plan.getByText('Pro', { exact: true })).toBeVisible();
  await expect(
    plan.getByText(
      `${money(pro.monthlyPriceCents)} a month · ${credits(pro.monthlyCredits)} a month`,
    ),
  ).toBeVisible();
  await expect(plan.getByText(`Renews on ${renewsOn}`)).toBeVisible();
  // The month's budget is Pro's, not the free plan's.
  const meter = panel(page, 'Usage this month').getByRole('progressbar', {
    name: 'Plan credits used this month',
  });
  await expect(meter).toHaveAttribute('aria-valuemax', String(pro.monthlyCredits));
  await expect(meter).toHaveAttribute('aria-valuetext', `0 of ${credits(pro.monthlyCredits)} used`);
  // The payment is listed.
  await expect(
    panel(page, 'Payments').getByRole('row', { name: /Mason Pro, monthly/ }),
  ).toContainText(money(pro.monthlyPriceCents));
});

test('leaving the checkout page with Cancel charges nothing and keeps the free plan', async ({
  page,
}) => {
  const pricing = await pricingOf(page.request);
  const free = pricing.plans.FREE;
  const lite = pricing.plans.LITE;
  const { token } = await signedIn(page);

  // A signed-in person chooses Lite on the pricing page: billing asks, then the checkout page.
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Lite' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Subscribe to Lite?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(CHECKOUT_URL);
  const checkoutPath = new URL(page.url()).pathname;
  await expect(
    page.getByRole('button', { name: `Pay ${money(lite.monthlyPriceCents)}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page).toHaveURL(/\/subscriptions\/cancel\?checkout=/);
  await expect(
    page.getByRole('heading', { name: 'Checkout cancelled, nothing was charged', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/^Your plan is as it was\./)).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  const plan = panel(page, 'Current plan');
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  await expect(plan.getByText(`Free · ${credits(free.monthlyCredits)} a month`)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel plan' })).toHaveCount(0);
  await expect(
    panel(page, 'Usage this month').getByRole('progressbar', {
      name: 'Plan credits used this month',
    }),
  ).toHaveAttribute('aria-valuemax', String(free.monthlyCredits));
  await expect(panel(page, 'Payments').getByText('No payments yet')).toBeVisible();
  expect(await activeSubscription(page.request, token)).toBeNull();

  // The cancelled checkout cannot be paid afterwards.
  await page.goto(checkoutPath);
  await expect(page.getByText('This checkout was cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

test('a Pro subscriber cancels (it ends at the period’s end), then keeps Pro and it renews again', async ({
  page,
}) => {
  const { token } = await signedIn(page);
  const { currentPeriodEnd } = await subscribeThroughApi(page.request, token, 'PRO');
  const periodEnd = billingDate(currentPeriodEnd ?? '');

  await page.goto('/dashboard/billing');
  const plan = panel(page, 'Current plan');
  await expect(plan.getByText(`Renews on ${periodEnd}`)).toBeVisible();
  await plan.getByRole('button', { name: 'Cancel plan' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Cancel your Pro plan?' });
  await expect(dialog).toContainText(`You keep Pro until ${periodEnd}.`);
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(dialog).toBeHidden();

  // Still Pro until the period ends, and the way to keep it.
  await expect(plan.getByText(`Ends on ${periodEnd}`)).toBeVisible();
  await expect(plan.getByText('Ending', { exact: true })).toBeVisible();
  await expect(plan.getByText(`Renews on ${periodEnd}`)).toHaveCount(0);
  await plan.getByRole('button', { name: 'Keep Pro' }).click();

  await expect(plan.getByText(`Renews on ${periodEnd}`)).toBeVisible();
  await expect(plan.getByText('Ending', { exact: true })).toHaveCount(0);
  await expect(plan.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
  // What the page shows is what the server keeps: it survives a reload.
  await page.reload();
  await expect(plan.getByText(`Renews on ${periodEnd}`)).toBeVisible();
  expect(await activeSubscription(page.request, token)).toMatchObject({
    status: 'active',
    cancelAtPeriodEnd: false,
  });
});

test('a subscriber buys credits: the checkout page, then a larger credit balance and the payment listed', async ({
  page,
}) => {
  const pricing = await pricingOf(page.request);
  const { token } = await signedIn(page);
  await subscribeThroughApi(page.request, token, 'PRO');
  const bought = 250;
  const price = money(bought * pricing.creditPriceCents);

  await page.goto('/dashboard/billing');
  const usage = panel(page, 'Usage this month');
  await expect(usage.getByText('Credits left', { exact: true })).toBeVisible();
  await expect(usage.getByText(credits(0), { exact: true })).toBeVisible();
  const buy = panel(page, 'Buy credits');
  await buy.getByRole('spinbutton', { name: 'Credits to buy' }).fill(String(bought));
  await buy.getByRole('button', { name: `Buy for ${price}` }).click();

  await expect(page).toHaveURL(CHECKOUT_URL);
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: new RegExp(`^${credits(bought)}$`) })).toBeVisible();
  await expect(details.filter({ hasText: `${price} once` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${price}` }).click();

  await expect(page).toHaveURL(/\/subscriptions\/success\?checkout=.*kind=CREDITS/);
  await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
  await expect(page.getByText('Thank you. Your credits are added to your account.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(usage.getByText(credits(bought), { exact: true })).toBeVisible();
  await expect(usage.getByText(credits(0), { exact: true })).toHaveCount(0);
  const payment = panel(page, 'Payments').getByRole('row', {
    name: new RegExp(`${bought.toLocaleString('en-US')} Mason credits`),
  });
  await expect(payment).toContainText(price);
  await expect(payment).toContainText('Paid');

  // The embedded provider's receipt: Mason's own page of that payment, in a new tab.
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    payment.getByRole('link', { name: /^Receipt/ }).click(),
  ]);
  const paper = receipt.getByRole('region', { name: /^Receipt for .*Mason credits/ });
  await expect(paper).toBeVisible();
  await expect(paper).toContainText(price);
  await expect(paper).toContainText('Paid');
  await receipt.close();
});
