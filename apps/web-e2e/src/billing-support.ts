import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ActiveSubscriptionResponse, CheckoutPlan, Subscription } from '@mason/contract';
import type { PricingTable } from '@mason/contract/billing';
import type { TestPerson } from './support';

// Helpers of the billing specs: the server's price table, a subscriber made through the API,
// the billing screen's panels, and money and dates in the words the screens use.

/** The effective price table (GET /config): the numbers the pages show, never guessed here. */
export async function pricingOf(request: APIRequestContext): Promise<PricingTable> {
  const response = await request.get('/api/config');
  expect(response.status()).toBe(200);
  const config = (await response.json()) as {
    billing: { provider: string; pricing: PricingTable };
  };
  // These specs are about Mason's own checkout page: the default, a server without Stripe.
  expect(config.billing.provider).toBe('embedded');
  return config.billing.pricing;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The person's subscription as the server has it (null: the free plan). */
export async function activeSubscription(
  request: APIRequestContext,
  token: string,
): Promise<Subscription | null> {
  const response = await request.get('/api/subscriptions/active', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ActiveSubscriptionResponse).subscription;
}

/**
 * Subscribes the person whose session `token` is to `plan` through the API: a checkout, paid on
 * the embedded provider's page by its Pay call. For tests about what comes after paying.
 */
export async function subscribeThroughApi(
  request: APIRequestContext,
  token: string,
  plan: CheckoutPlan,
): Promise<Subscription> {
  const started = await request.post('/api/stripe/checkout', {
    headers: bearer(token),
    data: { type: plan },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const id = new URL(checkoutUrl).pathname.split('/').pop();
  const paid = await request.post(`/api/billing/checkout/${id}/confirm`, {
    headers: bearer(token),
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const subscription = await activeSubscription(request, token);
  expect(subscription?.type).toMatch(new RegExp(`^${plan}`));
  return subscription as Subscription;
}

/** Fills in the sign-up screen that is open (wherever it came from) and sends it. */
export async function submitSignUpForm(page: Page, person: TestPerson): Promise<void> {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** One panel of the billing screen (a section), by its heading. */
export const panel = (page: Page, heading: string): Locator =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });

/** The embedded checkout page of /billing/checkout/:id. */
export const CHECKOUT_URL = /\/billing\/checkout\/[0-9a-f-]{36}$/;

/** "$40.00": whole cents as the screens write money. */
export const money = (cents: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** "3,500 credits". */
export const credits = (count: number): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'credit' : 'credits'}`;

/** "February 1, 2026": a billing date, read in UTC as the server counts. */
export const billingDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
