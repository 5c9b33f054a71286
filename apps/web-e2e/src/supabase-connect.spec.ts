import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSupabaseStandIn, type SupabaseStandIn } from '@mason/server-supabase/testing';
import { freePort } from './csp-support';
import { startMason, type MasonProcess } from './mason-process';
import { newPerson, PROJECT_URL, signedIn, submitSignUp } from './support';

// The Database card of /integrations and connecting a Supabase account, in Chromium, against the
// real server. Supabase's Management API is a loopback stand-in speaking its OAuth (PKCE) and
// REST wire format (SUPABASE_API_URL): Connect goes to the stand-in's authorize page, which
// approves and redirects back to /integrations/supabase/redirect with a code and the state.

const databaseCard = (page: Page) => page.getByRole('article', { name: 'Database' });
const REF = 'abcdefghijklmnopqrst';

test('without a Supabase OAuth app the Database card says what to set; the redirect page says nothing was connected', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/dashboard/integrations');
  const card = databaseCard(page);
  await expect(card.getByText('Status: Supabase not set up')).toBeVisible();
  await expect(card.getByText('SUPABASE_CLIENT_ID', { exact: true })).toBeVisible();
  await expect(
    card.getByText(/redirect URL is http:\/\/localhost:\d+\/integrations\/supabase\/redirect/),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Supabase' })).toHaveCount(0);

  await page.goto('/integrations/supabase/redirect');
  await expect(page.getByText('No Supabase account was connected')).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
});

test.describe('connecting a Supabase account through its OAuth', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let supabase: SupabaseStandIn;
  let mason: MasonProcess;
  let origin: string;
  let dataDir: string;

  test.beforeAll(async () => {
    // A fresh database's migrations, on a machine that may be busy.
    test.setTimeout(150_000);
    supabase = await startSupabaseStandIn({
      projects: [
        { ref: REF, name: 'Notes', anonKey: 'anon-key-of-notes' },
        { ref: 'zyxwvutsrqponmlkjihg', name: 'Shop', status: 'PAUSED', anonKey: 'anon-of-shop' },
      ],
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-supabase-'));
    const port = await freePort();
    origin = `http://localhost:${port}`;
    mason = await startMason(port, {
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SUPABASE_CLIENT_ID: supabase.clientId,
      SUPABASE_CLIENT_SECRET: supabase.clientSecret,
      SUPABASE_API_URL: supabase.apiUrl,
    });
  });

  test.afterAll(async () => {
    await mason?.stop();
    await supabase?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('connect from the Database card, come back connected, choose a Supabase project to attach, disconnect', async ({
    page,
  }) => {
    await submitSignUp(page, newPerson(), origin);
    await expect(page).toHaveURL(/\/dashboard\/projects$/);

    await page.goto(`${origin}/dashboard/integrations`);
    const card = databaseCard(page);
    await expect(card.getByText('Status: Supabase not connected')).toBeVisible();
    const redirect = page.waitForRequest((request) =>
      request.url().startsWith(`${origin}/integrations/supabase/redirect?`),
    );
    await card.getByRole('button', { name: 'Connect Supabase' }).click();
    const back = new URL((await redirect).url());
    expect(back.searchParams.get('code')).toBeTruthy();
    await expect(page.getByText('Your Supabase account is connected')).toBeVisible();

    // A replayed redirect (its state used) is refused and changes nothing.
    await page.goto(back.toString());
    await expect(page.getByText(/has expired or was already used/)).toBeVisible();

    await page.getByRole('link', { name: 'Back to integrations' }).click();
    await expect(card.getByText('Status: Supabase connected')).toBeVisible();

    // A project's Settings list the account's projects to attach.
    await page.goto(`${origin}/dashboard/projects/new`);
    await page.getByRole('textbox', { name: 'Describe the app you want' }).fill('A notes app');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(PROJECT_URL);
    await page.getByRole('button', { name: 'Project settings' }).click();
    const database = page
      .getByRole('dialog', { name: 'Project settings' })
      .getByRole('region', { name: 'Database' });
    await database.getByRole('button', { name: 'Attach a database service' }).click();
    const project = database.getByRole('combobox', { name: 'Supabase project' });
    await expect(project).toHaveValue(REF);
    await expect(project.getByRole('option')).toHaveText([
      `Notes (${REF})`,
      'Shop (zyxwvutsrqponmlkjihg), paused',
    ]);
    await expect(database.getByLabel('Database password')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`${origin}/dashboard/integrations`);
    await card.getByRole('button', { name: 'Disconnect Supabase' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disconnect Supabase?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await expect(card.getByText('Status: Supabase not connected')).toBeVisible();
  });
});
