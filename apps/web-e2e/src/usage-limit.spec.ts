import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  SCRIPTED_MODEL_ID,
  startScriptedModelServer,
  type ScriptedModelServer,
  type ScriptedReply,
} from '@mason/server-agent/testing';
import { CHECKOUT_URL, money, pricingOf } from './billing-support';
import { startMason, type MasonProcess } from './mason-process';
import { createProject, PROJECT_URL, signedIn } from './support';

// A free person's task runs out of the plan's budget mid-task, in Chromium against a Mason of its
// own whose free plan is tiny (PLAN_CREDITS_FREE) and whose model is a scripted model server of
// this file's, priced by the operator's LLM_PRICE_*_PER_MTOK: the task stops and says why, the person upgrades to Pro on the embedded checkout,
// comes back to the task and retries, and the task goes on without anything retyped.

const port = Number(process.env.E2E_USAGE_LIMIT_PORT ?? 4334);
const FREE_CREDITS = 3;

// One Mason and one model server for the file: the tests run in order. Each is a journey of a
// task, a stop, billing, a checkout and a retry: about 20 s alone, a few times that on a machine
// loaded deep. A bound, never a pause.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: `http://localhost:${port}` });

let model: ScriptedModelServer;
let mason: MasonProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A fresh database's migrations, on a machine that may be busy (90 s seen with others' builds).
  test.setTimeout(240_000);
  model = await startScriptedModelServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-usage-limit-'));
  mason = await startMason(
    port,
    {
      DATA_DIR: dataDir,
      LLM_BASE_URL: model.openaiBaseUrl,
      LLM_MODEL: SCRIPTED_MODEL_ID,
      LLM_API_KEY: 'scripted',
      // The scripted model is charged only at a price the operator sets: $3 a million tokens in,
      // $15 out (300 and 1500 credits).
      LLM_PRICE_INPUT_PER_MTOK: '3',
      LLM_PRICE_OUTPUT_PER_MTOK: '15',
      PLAN_CREDITS_FREE: String(FREE_CREDITS),
    },
    200_000,
  );
});
test.afterAll(async () => {
  await mason?.stop();
  await model?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const COUNTER = `import { useState } from 'react';

export function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`;

/** A step of a few tokens: a small fraction of a credit at this file's price. */
const SMALL = { inputTokens: 100, outputTokens: 20 };
/** A step of a million tokens in: 300 credits at this file's price, far more than the free plan's. */
const BIG = { inputTokens: 1_000_000, outputTokens: 10 };

/**
 * The first turn: real work (a file written), then steps that spend the budget. The runner sees a
 * step's cost once it is recorded, which may be a step later: the extra steps are there for that,
 * and what is left of them is dropped before the retry.
 */
function turnThatSpendsTheBudget(): ScriptedReply[] {
  const expensive: ScriptedReply = { toolCalls: [{ name: 'list_files', input: {} }], usage: BIG };
  return [
    {
      text: 'Let me add the counter.',
      toolCalls: [
        { name: 'write_file', input: { path: 'src/components/Counter.tsx', content: COUNTER } },
      ],
      usage: SMALL,
    },
    expensive,
    expensive,
    expensive,
    expensive,
  ];
}

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const stopCard = (page: Page) =>
  conversation(page).getByRole('region', { name: 'Your plan’s AI budget is used up' });

/** A free person's new project whose first task stops for want of credits after writing a file. */
async function taskStoppedForCredits(page: Page, key: string): Promise<string> {
  model.enqueueFor(key, ...turnThatSpendsTheBudget());
  await signedIn(page);
  await createProject(page, `A click counter (${key})`);
  const taskPath = new URL(page.url()).pathname;

  const chat = conversation(page);
  await expect(chat.getByText('Let me add the counter.', { exact: true })).toBeVisible();
  // The turn stops and says why, with the ways on.
  const card = stopCard(page);
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(
    card.getByText(
      'Your credits have run out, so the assistant stopped. It goes on when you have credits again: upgrade your plan or buy credits.',
    ),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  // The work done before the stop is kept.
  await expect(chat.getByText('Version 1', { exact: true })).toBeVisible();
  // What the model still had queued for the spent turn is dropped: the retry gets its own.
  model.reset();
  return taskPath;
}

/** On billing (come from the task): Pro through the embedded checkout, then back to the task. */
async function upgradeToProAndReturn(page: Page, taskPath: string): Promise<void> {
  const pro = (await pricingOf(page.request)).plans.PRO;
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  // The way back is offered from the start.
  await expect(page.getByRole('link', { name: 'Back to your task' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Subscribe to Pro?' });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(CHECKOUT_URL);
  await page.getByRole('button', { name: `Pay ${money(pro.monthlyPriceCents)}` }).click();

  // The success page waits for the server to know the plan, then leads back to the task first.
  await expect(page).toHaveURL(/\/subscriptions\/success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'You’re on Pro', level: 1 })).toBeVisible({
    timeout: 40_000,
  });
  await page.getByRole('link', { name: 'Back to your task' }).click();
  await expect(page).toHaveURL(new RegExp(`${taskPath}$`));
}

/** Retry on the card: the task goes on from where it stopped and finishes. */
async function retryAndFinish(page: Page, key: string): Promise<void> {
  model.enqueueFor(key, { text: 'The counter is ready: it counts your clicks.', usage: SMALL });
  const card = stopCard(page);
  await card.getByRole('button', { name: 'Retry' }).click();
  const chat = conversation(page);
  await expect(
    chat.getByText('The counter is ready: it counts your clicks.', { exact: true }),
  ).toBeVisible({
    timeout: 60_000,
  });
  // Answered: the card says so and no longer offers the ways on.
  await expect(card.getByText('This was answered.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Retry' })).toHaveCount(0);
}

test('a free person’s task stops for want of credits; Upgrade on the card, Pro paid, back to the task, Retry, and it finishes', async ({
  page,
}) => {
  const key = `credits-card-${randomUUID().slice(0, 8)}`;
  const taskPath = await taskStoppedForCredits(page, key);
  expect(taskPath).toMatch(PROJECT_URL);

  await stopCard(page).getByRole('link', { name: 'Upgrade' }).click();
  await upgradeToProAndReturn(page, taskPath);
  await retryAndFinish(page, key);
});

test('Retry while the budget is spent opens the usage-limit modal, whose Upgrade leads to billing and back to the task', async ({
  page,
}) => {
  const key = `credits-modal-${randomUUID().slice(0, 8)}`;
  const taskPath = await taskStoppedForCredits(page, key);

  // Retrying before paying is refused: the modal says so, and the task stays stopped.
  await stopCard(page).getByRole('button', { name: 'Retry' }).click();
  const modal = page.getByRole('dialog', { name: 'You have reached your usage limit' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(/^Your plan's AI usage resets on /)).toBeVisible();
  await expect(stopCard(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  await modal.getByRole('link', { name: 'Upgrade' }).click();
  await expect(modal).toBeHidden();

  await upgradeToProAndReturn(page, taskPath);
  await retryAndFinish(page, key);
});
