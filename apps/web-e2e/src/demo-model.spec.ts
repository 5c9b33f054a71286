import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startMason, type MasonProcess } from './mason-process';
import { newPerson, PROJECT_URL, submitSignUp } from './support';

// `npm start` on a machine without provider keys: a Mason process of its own, with no
// ANTHROPIC_API_KEY, OPENROUTER_API_KEY, LLM_BASE_URL... The offline demo model builds the app.
const PORT = Number(process.env.E2E_DEMO_PORT ?? 4334);
const ORIGIN = `http://localhost:${PORT}`;

let mason: MasonProcess | null = null;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-demo-'));
  mason = await startMason(PORT, { DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await mason?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('with no provider key, the demo model is preselected and builds the described app', async ({
  page,
}) => {
  await submitSignUp(page, newPerson(), ORIGIN);
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await page.goto(`${ORIGIN}/dashboard/projects/new`);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('DEMO');
  await expect(page.getByText('Demo (offline): no AI provider is set up')).toBeVisible();
  await expect(page.getByText(/Set ANTHROPIC_API_KEY/)).toBeVisible();

  await page
    .getByRole('textbox', { name: 'Describe the app you want' })
    .fill('A reading list with Dune, Emma and Ulysses');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(PROJECT_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Reading List' })).toBeVisible();

  const chat = page.getByRole('log', { name: 'Conversation' });
  await expect(chat.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(
    chat.getByText(/^Built Reading List: a checklist with Dune, Emma, Ulysses\./),
  ).toBeVisible();
  const app = page.frameLocator('iframe[title="App preview"]');
  await expect(app.getByRole('heading', { name: 'Reading List' })).toBeVisible();
  await expect(app.getByRole('checkbox', { name: 'Ulysses' })).toBeVisible();
  // The chat's picker shows the demo too, and its note says how to turn on real models.
  await expect(page.getByRole('note')).toContainText('Demo (offline) builds a small checklist app');
});
