import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  expectShellPolicy,
  expectStyled,
  freePort,
  startGoogleStandIn,
  startOtherSite,
  startPosthogStandIn,
  watchPolicyViolations,
} from './csp-support';
import { startMason, type MasonProcess } from './mason-process';
import { appFrame, conversation } from './preview-support';
import { createProject, newPerson, queueModelReplies, signUp, submitSignUp } from './support';

// Mason's pages under their Content-Security-Policy (issue 9, defect 8): every page renders with
// its styles and without a single violation, the workspace still frames the preview, no other
// site can frame Mason, and, on a server configured for them, Google sign-in and analytics work.

const PUBLIC_PAGES: [string, string | RegExp][] = [
  ['/', /Mason builds it while you watch/],
  ['/login', 'Log in to Mason'],
  ['/signup', 'Create your Mason account'],
  ['/pricing', /Start free/],
  ['/password-reset', 'Reset your password'],
  ['/waitlist', 'Get early access to Mason'],
  ['/privacy_policy', 'Privacy policy'],
  ['/terms_of_service', 'Terms of service'],
];

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

test.describe('the default configuration', () => {
  for (const [url, name] of PUBLIC_PAGES) {
    test(`${url} renders, styled, with no violation`, async ({ page }) => {
      const violations = await watchPolicyViolations(page);
      expectShellPolicy(await page.goto(url));
      await expect(heading(page, name)).toBeVisible();
      await expectStyled(page);
      expect(violations.list()).toEqual([]);
    });
  }

  test('a toast shows, styled, with no violation', async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    // A project link without a session: the API's 401 becomes a toast (notistack's CSS-in-JS).
    expectShellPolicy(await page.goto(`/projects/${randomUUID()}`));
    const toast = page.getByRole('alert').filter({ hasText: 'Cannot find project' });
    await expect(toast).toBeVisible();
    // The login page, with the project to open after login (SPEC.md 2).
    await expect(page).toHaveURL(/\/login\?projectId=[0-9a-f-]{36}$/);
    // notistack's own styles (goober) place it: fixed, at the top centre.
    const placement = await toast.evaluate((element) => {
      const container = element.closest('.notistack-SnackbarContainer');
      return container ? getComputedStyle(container).position : null;
    });
    expect(placement).toBe('fixed');
    expect(violations.list()).toEqual([]);
  });

  test('the signed-in pages render and the workspace frames the preview, with no violation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const violations = await watchPolicyViolations(page);
    const key = `csp-${randomUUID().slice(0, 8)}`;
    await queueModelReplies(key, [{ text: 'Ready when you are.' }]);
    await signUp(page, newPerson());
    const { projectId, formResponse } = await createProject(page, `A starter app ${key}`);
    expectShellPolicy(formResponse);
    // The preview runs on its own origin inside Mason's window, and the assistant answers.
    await appFrame(page, projectId);
    await expect(
      conversation(page).getByRole('article', { name: 'Assistant’s message' }),
    ).toContainText('Ready when you are.', { timeout: 30_000 });
    await expectStyled(page);

    for (const [url, landmark] of [
      ['/dashboard/projects', page.getByRole('list', { name: 'Projects' })],
      ['/settings', page.getByRole('form', { name: 'Profile' })],
      [`/files?projectId=${projectId}`, page.getByLabel('Project files')],
      ['/tasks', page.getByRole('heading', { level: 1 })],
    ] as const) {
      expectShellPolicy(await page.goto(url));
      await expect(landmark).toBeVisible();
      await expectStyled(page);
    }
    expect(violations.list()).toEqual([]);
  });

  test('the API documentation works under its own policy', async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { name: /Mason API/ })).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();
    expect(violations.list()).toEqual([]);
  });

  test('no other site can frame Mason', async ({ page, baseURL }) => {
    const site = await startOtherSite(
      `<!doctype html><h1>Another site</h1><iframe title="Mason" src="${baseURL}/login"></iframe>`,
    );
    try {
      const refused = page.waitForEvent('console', (message) =>
        /frame-ancestors 'none'/.test(message.text()),
      );
      await page.goto(site.url);
      await refused;
      await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
      expect(page.frames().some((frame) => frame.url().startsWith(`${baseURL}`))).toBe(false);
    } finally {
      await site.close();
    }
  });
});

test.describe('with Google sign-in and analytics configured', () => {
  // One server of its own for this group, so the tests share it (and run in order).
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  // posthog-js sends nothing from a browser that looks automated (a headless user agent or
  // brand, navigator.webdriver): it counts it as a bot. These tests are a person's Chromium.
  test.use({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    });
  });

  const clientId = 'mason-e2e.apps.googleusercontent.com';
  const posthogKey = 'phc_mason_e2e';
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let posthog: Awaited<ReturnType<typeof startPosthogStandIn>>;
  let mason: MasonProcess;
  let origin: string;
  let dataDir: string;

  test.beforeAll(async () => {
    // A fresh database's migrations, on a machine that may be busy.
    test.setTimeout(120_000);
    google = await startGoogleStandIn(clientId);
    posthog = await startPosthogStandIn(posthogKey);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-csp-'));
    const port = await freePort();
    mason = await startMason(
      port,
      {
        DATA_DIR: dataDir,
        GOOGLE_CLIENT_ID: clientId,
        GOOGLE_JWKS_URL: google.jwksUrl,
        POSTHOG_KEY: posthogKey,
        POSTHOG_HOST: posthog.url,
      },
      90_000,
    );
    origin = `http://localhost:${port}`;
  });
  test.afterAll(async () => {
    await mason?.stop();
    await google?.close();
    await posthog?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('Continue with Google signs a person in through Google Identity Services', async ({
    page,
  }) => {
    const violations = await watchPolicyViolations(page);
    const email = `grace.${randomUUID().slice(0, 8)}@example.com`;
    const credential = google.idToken({ email, given_name: 'Grace', family_name: 'Hopper' });
    await google.route(page, origin, credential);

    const policy = expectShellPolicy(await page.goto(`${origin}/login`));
    expect(policy).toContain('https://accounts.google.com/gsi/client');
    await page
      .frameLocator('iframe[title="Sign in with Google Button"]')
      .getByRole('button', { name: 'Sign in with Google' })
      .click();
    await expect(page).toHaveURL(`${origin}/dashboard/projects`);
    await expect(page.getByText('No projects yet')).toBeVisible();

    await page.goto(`${origin}/settings`);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expectStyled(page);
    // The script, its stylesheet and its button frame all loaded under the policy.
    expect(new Set(google.served())).toEqual(new Set(['/gsi/client', '/gsi/style', '/gsi/button']));
    expect(violations.list()).toEqual([]);
  });

  test('page views, identify and session recordings reach posthog', async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    const person = newPerson();
    const policy = expectShellPolicy(await submitSignUp(page, person, origin));
    expect(policy).toContain(`${posthog.url}/array/${posthogKey}/config.js`);
    await expect(page).toHaveURL(`${origin}/dashboard/projects`);

    const pageViews = () =>
      posthog
        .events()
        .filter((event) => event.event === '$pageview')
        .map((event) => event.properties['$current_url']);
    const identified = () =>
      posthog
        .events()
        .filter((event) => event.event === '$identify')
        .map((event) => event.$set?.['email']);
    // posthog-js sends its queue every few seconds: the person stays on the dashboard meanwhile.
    await expect
      .poll(pageViews)
      .toEqual(expect.arrayContaining(['/signup', '/dashboard/projects']));
    await expect.poll(identified).toContain(person.email);
    await page.goto(`${origin}/settings`);
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    await expect.poll(pageViews).toContain('/settings');

    // posthog-js's scripts came from posthog's host (surveys, the session recorder: from the
    // folder of its version), and the recorder sends what it records.
    expect(posthog.requests()).toEqual(
      expect.arrayContaining([
        `GET /array/${posthogKey}/config.js`,
        expect.stringMatching(/^GET \/static\/\d+\.\d+\.\d+\/surveys\.js$/),
        expect.stringMatching(/^GET \/static\/\d+\.\d+\.\d+\/lazy-recorder\.js$/),
      ]),
    );
    await expect
      .poll(() => posthog.events().some((event) => event.event === '$snapshot'))
      .toBe(true);
    expect(violations.list()).toEqual([]);
  });
});
