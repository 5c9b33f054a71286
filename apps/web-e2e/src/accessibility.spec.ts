import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createProjectThroughApi, queueModelReplies, signUpThroughApi, newPerson } from './support';

// axe-core's WCAG 2.1 A and AA rules on Mason's main screens, in dark and in light mode, at a
// desktop's width and a phone's (390 px), in real Chromium against the real server. Any serious or critical violation fails the screen's test,
// which names every rule it found there in either mode. One person (signed up once per worker,
// with one project whose preview is built) is reused by every screen; one page load a screen
// (the phone's pass narrows the same page, as a person turning a window narrow would).

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface Screen {
  name: string;
  path: () => string;
  signedIn: boolean;
  /** What a person sees once the screen is ready (checked before axe looks at it). */
  ready: (page: Page) => Promise<void>;
  /** What a person sees of it on a phone, when that differs from `ready`. */
  readyOnPhone?: (page: Page) => Promise<void>;
}

/** The widths every screen is checked at: a desktop's, then a phone's. */
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Shared {
  token: string;
  email: string;
  projectId: string;
  projectName: string;
}

let shared: Shared;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const person = newPerson();
  const token = await signUpThroughApi(request, person);
  const key = `a11y-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [{ text: 'Ready when you are.' }]);
  const { project } = await createProjectThroughApi(request, token, `A starter app ${key}`);
  await request.dispose();
  shared = { token, email: person.email, projectId: project.id, projectName: project.name };
});

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

function screens(): Screen[] {
  return [
    {
      name: 'landing',
      path: () => '/',
      signedIn: false,
      ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    },
    {
      name: 'pricing',
      path: () => '/pricing',
      signedIn: false,
      ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    },
    {
      name: 'login',
      path: () => '/login',
      signedIn: false,
      ready: (page) => expect(page.getByRole('button', { name: 'Log in' })).toBeVisible(),
    },
    {
      name: 'signup',
      path: () => '/signup',
      signedIn: false,
      ready: (page) => expect(page.getByRole('button', { name: 'Create account' })).toBeVisible(),
    },
    {
      name: 'dashboard with a project card',
      path: () => '/dashboard/projects',
      signedIn: true,
      ready: (page) =>
        expect(page.getByRole('heading', { name: shared.projectName })).toBeVisible(),
    },
    {
      name: 'new project',
      path: () => '/dashboard/projects/new',
      signedIn: true,
      ready: (page) =>
        expect(page.getByRole('textbox', { name: 'Describe the app you want' })).toBeVisible(),
    },
    {
      name: 'workspace with a built preview',
      path: () => `/projects/${shared.projectId}`,
      signedIn: true,
      ready: async (page) => {
        await heading(page, shared.projectName);
        await expect(
          page
            .frameLocator('iframe[title="App preview"]')
            .getByRole('heading', { name: 'Your app starts here' }),
        ).toBeVisible();
        await expect(page.getByText('Ready when you are.')).toBeVisible();
      },
      // A phone shows one pane at a time: the chat first.
      readyOnPhone: async (page) => {
        await heading(page, shared.projectName);
        await expect(page.getByRole('tab', { name: 'Chat', selected: true })).toBeVisible();
        await expect(page.getByText('Ready when you are.')).toBeVisible();
      },
    },
    {
      name: 'billing',
      path: () => '/dashboard/billing',
      signedIn: true,
      ready: (page) => heading(page, 'Billing'),
    },
    {
      name: 'settings',
      path: () => '/dashboard/settings',
      signedIn: true,
      ready: (page) => heading(page, 'Settings'),
    },
    {
      name: 'integrations',
      path: () => '/dashboard/integrations',
      signedIn: true,
      ready: (page) => heading(page, 'Integrations'),
    },
  ];
}

/** "rule (impact): what, at selector" for each serious or critical violation of the page. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // The preview is the person's own app on its own origin, not Mason's screen.
    .exclude('iframe[title="App preview"]')
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.failureSummary?.replace(/\s+/g, ' ')} at ${node.target.join(' ')}`,
      ),
    );
}

for (const screen of screens()) {
  test(`${screen.name}: no serious or critical WCAG 2.1 A/AA violation, dark or light, desktop or phone`, async ({
    page,
  }) => {
    // The theme follows the system's scheme ("system"), so one page load serves both modes;
    // reduced motion makes a colour's transition end at once (axe reads the settled colours).
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.addInitScript(
      ({ session }) => {
        localStorage.setItem('mason.theme', 'system');
        if (session) {
          localStorage.setItem('mason.session.token', session.token);
          localStorage.setItem('mason.session.email', session.email);
        }
      },
      { session: screen.signedIn ? { token: shared.token, email: shared.email } : null },
    );
    const found: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      if (viewport.name === 'desktop') await page.goto(screen.path());
      await (viewport.name === 'phone' && screen.readyOnPhone ? screen.readyOnPhone : screen.ready)(
        page,
      );
      for (const mode of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        for (const violation of await blockingViolations(page))
          found.push(`${viewport.name}, ${mode}: ${violation}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
