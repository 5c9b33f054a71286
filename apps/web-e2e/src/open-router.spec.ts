import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOpenRouterStandIn, type OpenRouterStandIn } from '@mason/server-open-router/testing';
import { freePort } from './csp-support';
import { startMason, type MasonProcess } from './mason-process';
import { newPerson, PROJECT_URL, submitSignUp } from './support';

// A person's own OpenRouter account, in Chromium, against the real server: a Mason of its own
// with no AI provider of the server's, whose OPENROUTER_AUTH_URL and OPENROUTER_BASE_URL are a
// loopback stand-in speaking OpenRouter's OAuth PKCE and chat-completions wire format. Connect
// goes to the stand-in's authorize page; the person's turn then runs on their key (the real
// OpenRouter provider code) and costs no Mason credits.

const ANSWER = 'Hello from your OpenRouter account.';

test.describe("a person's own OpenRouter account", () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let openRouter: OpenRouterStandIn;
  let mason: MasonProcess;
  let origin: string;
  let dataDir: string;

  test.beforeAll(async () => {
    // A fresh database's migrations, on a machine that may be busy.
    test.setTimeout(150_000);
    openRouter = await startOpenRouterStandIn({ reply: ANSWER });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-open-router-'));
    const port = await freePort();
    origin = `http://localhost:${port}`;
    mason = await startMason(port, {
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      OPENROUTER_AUTH_URL: openRouter.authUrl,
      OPENROUTER_BASE_URL: openRouter.apiUrl,
    });
  });

  test.afterAll(async () => {
    await mason?.stop();
    await openRouter?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('connect OpenRouter from Integrations, pick a model on the key, and run a turn on it', async ({
    page,
  }) => {
    await submitSignUp(page, newPerson(), origin);
    await expect(page).toHaveURL(/\/dashboard\/projects$/);

    await page.goto(`${origin}/dashboard/integrations`);
    const card = page.getByRole('article', { name: 'OpenRouter' });
    await card.getByRole('button', { name: 'Connect OpenRouter' }).click();
    // OpenRouter's authorize page (the stand-in's), then back to Mason's callback screen.
    await page.getByRole('link', { name: 'Authorize' }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/open-router/callback\\?`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'OpenRouter is connected' }),
    ).toBeVisible();
    expect(openRouter.keys).toHaveLength(1);
    await page.getByRole('link', { name: 'Back to integrations' }).click();
    await expect(card.getByText(/Your turns run on your OpenRouter key/)).toBeVisible();

    // Without a provider of the server's, the models run only on the person's key.
    await page.goto(`${origin}/dashboard/projects/new`);
    const picker = page.getByRole('combobox', { name: 'Model' });
    await expect(picker).toHaveValue('CLAUDE_SONNET_4_5');
    await expect(
      picker.getByRole('option', { name: 'Claude Sonnet 4.5 (on your OpenRouter key)' }),
    ).toBeEnabled();
    await page.getByRole('textbox', { name: 'Describe the app you want' }).fill('A tip calculator');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(PROJECT_URL);

    const conversation = page.getByRole('log', { name: 'Conversation' });
    await expect(conversation.getByText(ANSWER)).toBeVisible();
    await expect(
      conversation.getByText(/^Not charged: it ran on your OpenRouter key/),
    ).toBeVisible();
    const [key] = openRouter.keys;
    expect(openRouter.completions.map((completion) => completion.key)).toContain(key.key);
    expect(openRouter.completions[0]?.model).toBe('anthropic/claude-sonnet-4.5');

    await page.goto(`${origin}/dashboard/integrations`);
    await card.getByRole('button', { name: 'Disconnect OpenRouter' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disconnect OpenRouter?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await expect(card.getByRole('button', { name: 'Connect OpenRouter' })).toBeVisible();
  });
});
