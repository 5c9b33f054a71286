import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { startMason, type MasonProcess } from './mason-process';
import { newPerson, PROJECT_URL, submitSignUp } from './support';

// `npm start` on a machine without provider keys: a Mason process of its own, with no
// ANTHROPIC_API_KEY, OPENROUTER_API_KEY, LLM_BASE_URL... The offline demo model builds the app.
// E2E_DEMO_PORT: another port, when engineers run the e2e suite side by side.
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
  // What to set on the server is behind a link: the notice stays short.
  await expect(page.getByText(/Set ANTHROPIC_API_KEY/)).toBeHidden();
  await page.getByRole('button', { name: 'How to use a real model' }).click();
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

test('a follow-up’s version shows its whole list in the preview at once, even after an item was ticked', async ({
  page,
}) => {
  await submitSignUp(page, newPerson(), ORIGIN);
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await page.goto(`${ORIGIN}/dashboard/projects/new`);
  // As a person would: the demo model shown in the picker before the project is created.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('DEMO');
  await page
    .getByRole('textbox', { name: 'Describe the app you want' })
    .fill('A shopping list with Tea and Cake');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(PROJECT_URL);
  const app = page.frameLocator('iframe[title="App preview"]');
  await expect(app.getByText('0 of 2 done')).toBeVisible();
  await app.getByRole('checkbox', { name: 'Tea' }).check();
  await expect(app.getByText('1 of 2 done')).toBeVisible();

  // Version 2 has five items: the preview shows them, none ticked, not version 1's two.
  await page.getByRole('textbox', { name: 'Message' }).fill('Add Jam, Bread and Milk');
  await page.getByRole('button', { name: 'Send' }).click();
  const chat = page.getByRole('log', { name: 'Conversation' });
  await expect(chat.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(app.getByText('0 of 5 done')).toBeVisible();
  await expect(app.getByRole('checkbox')).toHaveCount(5);
  await expect(app.getByRole('checkbox', { name: 'Milk' })).toBeVisible();
});

/** How many lines of text the element's box holds, at its own line height. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return element.getBoundingClientRect().height / lineHeight;
  });
}

test('on a phone, the demo model’s notice takes at most two lines, its details behind a link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await submitSignUp(page, newPerson(), ORIGIN);
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await page.goto(`${ORIGIN}/dashboard/projects/new`);
  const alert = page
    .getByRole('status')
    .filter({ hasText: 'Demo (offline): no AI provider is set up' });
  await expect(alert).toBeVisible();
  // Its line under the title: two lines at most.
  expect(await linesOf(alert.getByText(/It builds a small checklist app/))).toBeLessThanOrEqual(
    2.05,
  );

  await page
    .getByRole('textbox', { name: 'Describe the app you want' })
    .fill('A reading list with Dune and Emma');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(PROJECT_URL);
  const note = page.getByRole('form', { name: 'Message the assistant' }).getByRole('note');
  await expect(note).toContainText('Demo (offline) builds a small checklist app');
  expect(await linesOf(note)).toBeLessThanOrEqual(2.05);
  await expect(note.getByText(/ANTHROPIC_API_KEY/)).toBeHidden();

  await note.getByRole('button', { name: 'How to use a real model' }).click();
  await expect(note.getByText(/ANTHROPIC_API_KEY/)).toBeVisible();
});
