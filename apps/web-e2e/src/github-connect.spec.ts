import { expect, test, type Page } from '@playwright/test';
import type { GithubStandIn } from '@mason/server-code-hosting/testing';
import { startMasonWithGithub, type MasonWithGithub } from './github-support';
import { newPerson, signedIn, submitSignUp } from './support';

// Connecting GitHub from the integrations screen, in Chromium, against the real server.

const githubCard = (page: Page) => page.getByRole('article', { name: /^GitHub/ });

test('the integrations screen says what to set when the server has no GitHub OAuth App', async ({
  page,
}) => {
  // The shared end-to-end server runs without GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET.
  await signedIn(page);
  await page.goto('/dashboard/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const card = githubCard(page);
  await expect(card.getByText('Status: Not set up')).toBeVisible();
  await expect(card.getByText('GITHUB_CLIENT_ID', { exact: true })).toBeVisible();
  await expect(card.getByText('GITHUB_CLIENT_SECRET', { exact: true })).toBeVisible();
  await expect(
    card.getByText(/callback URL is http:\/\/localhost:\d+\/github\/callback/),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect GitHub' })).toHaveCount(0);
  // The main menu leads here too.
  await page.goto('/dashboard/projects');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Integrations' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
});

// The whole way on a Mason of this spec's own, whose GitHub is a loopback stand-in speaking
// GitHub's OAuth web flow and REST API (GITHUB_API_URL): Connect goes to the stand-in's authorize
// page, which approves and redirects back to /github/callback with a code and the state; the
// callback screen posts them, Mason exchanges the code at the stand-in and reads the account.
test.describe('connecting GitHub through its OAuth web flow', () => {
  // One Mason and one stand-in for both tests, in order.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const login = 'octo-e2e';
  let rig: MasonWithGithub;
  let github: GithubStandIn;
  let origin: string;

  test.beforeAll(async () => {
    // A fresh database's migrations, on a machine that may be busy.
    test.setTimeout(150_000);
    rig = await startMasonWithGithub({ login });
    ({ github, origin } = rig);
  });

  test.afterAll(async () => {
    await rig?.stop();
  });

  test('sign up, connect through the authorize page, see the account, disconnect; a replayed callback is refused', async ({
    page,
  }) => {
    await submitSignUp(page, newPerson(), origin);
    await expect(page).toHaveURL(/\/dashboard\/projects$/);

    await page.goto(`${origin}/dashboard/integrations`);
    const card = githubCard(page);
    await expect(card.getByText('Status: Not connected')).toBeVisible();

    // Connect: Mason's authorize URL, the stand-in's authorize page, back to the callback.
    const callback = page.waitForRequest((request) =>
      request.url().startsWith(`${origin}/github/callback?`),
    );
    await card.getByRole('button', { name: 'Connect GitHub' }).click();
    const callbackUrl = (await callback).url();
    expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy();
    expect(new URL(callbackUrl).searchParams.get('state')).toBeTruthy();

    await expect(page).toHaveURL(`${origin}/dashboard/integrations`);
    await expect(page.getByText(`GitHub is connected as ${login}.`)).toBeVisible();
    await expect(card.getByText('Status: Connected')).toBeVisible();
    await expect(card.getByText(`Connected account: ${login}`)).toBeVisible();
    // The stand-in's avatar does not load: the avatar shows the initials, named by the login.
    await expect(card.getByRole('img', { name: login })).toBeVisible();
    await expect(card.getByText(/^Connected since /)).toBeVisible();
    expect(github.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining([
        'GET /login/oauth/authorize',
        'POST /login/oauth/access_token',
        'GET /api/v3/user',
      ]),
    );
    expect(github.liveTokens.size).toBe(1);

    // The same state a second time (the callback opened again): the server's own words.
    await page.goto(callbackUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: 'GitHub was not connected' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('expired or was already used');
    await page.getByRole('link', { name: 'Back to integrations' }).click();
    await expect(card.getByText(`Connected account: ${login}`)).toBeVisible();

    // Disconnect, after a confirmation: Mason forgets the account and GitHub revokes the token.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect GitHub?' });
    await expect(dialog).toContainText(login);
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(card.getByText('Status: Not connected')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Connect GitHub' })).toBeFocused();
    expect(github.revokedTokens).toHaveLength(1);
    expect(github.liveTokens.size).toBe(0);

    // The server agrees after a reload.
    await page.reload();
    await expect(card.getByText('Status: Not connected')).toBeVisible();
  });

  test('the WINDOW flow: a popup goes through the authorize page, tells the page that opened it and closes itself', async ({
    page,
  }) => {
    const person = newPerson();
    const signup = await fetch(`${origin}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    await page.goto(`${origin}/api/config`);
    await page.evaluate(
      ({ value, email }) => {
        localStorage.setItem('mason.session.token', value);
        localStorage.setItem('mason.session.email', email);
      },
      { value: token, email: person.email },
    );
    await page.goto(`${origin}/dashboard/integrations`);
    const card = githubCard(page);
    await expect(card.getByText('Status: Not connected')).toBeVisible();

    // What the page that opens the popup hears, by postMessage from its popup and on the channel.
    await page.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      window.addEventListener('message', (event) => {
        if (event.origin === location.origin) heard.push({ via: 'opener', data: event.data });
      });
      new BroadcastChannel('mason.github-connect').addEventListener('message', (event) =>
        heard.push({ via: 'channel', data: event.data }),
      );
    });
    const authorizeUrl = await page.evaluate(async (value) => {
      const response = await fetch('/api/github/authorize-url?flow=WINDOW', {
        headers: { authorization: `Bearer ${value}` },
      });
      return ((await response.json()) as { url: string }).url;
    }, token);
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(
      `${origin}/github/callback/window`,
    );

    const popupOpened = page.waitForEvent('popup');
    await page.evaluate((url) => {
      window.open(url, 'github', 'popup,width=600,height=700');
    }, authorizeUrl);
    const popup = await popupOpened;
    await popup.waitForEvent('close');

    const connected = expect.objectContaining({
      type: 'mason:github-connected',
      integration: expect.objectContaining({ accountLogin: login }),
    });
    // Messages arrive as tasks of the page: wait for them, as long as the expect bound allows.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
      .toEqual(
        expect.arrayContaining([
          { via: 'opener', data: connected },
          { via: 'channel', data: connected },
        ]),
      );
    // The integrations screen heard it too, and shows the account without a reload.
    await expect(card.getByText(`Connected account: ${login}`)).toBeVisible();
  });
});
