import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createProject, queueModelReplies, signedIn, type ModelReply } from './support';

// The task loop in Chromium against the real server; the AI provider is the scripted model
// server (see playwright.config.ts), whose replies each test queues under a key of its own.

const COUNTER = `import { useState } from 'react';

export function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`;

/** A first turn: read the app, write a component (streaming words around it), check, answer. */
function firstTurn(words: string[]): ModelReply[] {
  return [
    {
      text: words,
      delayMs: 120,
      toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }],
    },
    {
      toolCalls: [
        { name: 'write_file', input: { path: 'src/components/Counter.tsx', content: COUNTER } },
      ],
    },
    { toolCalls: [{ name: 'check_project', input: {} }] },
    { text: 'Added a Counter component in src/components/Counter.tsx.' },
  ];
}

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('form', { name: 'Message the assistant' });

async function send(page: Page, message: string) {
  await composer(page).getByRole('textbox', { name: 'Message' }).fill(message);
  await composer(page).getByRole('button', { name: 'Send' }).click();
}

test('a project made by description streams the assistant’s words, its file changes and a new version', async ({
  page,
}) => {
  const key = `stream-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, firstTurn(['Let me ', 'look at ', 'your app ', 'first.']));
  await signedIn(page);
  await createProject(page, `A click counter (${key})`);

  const chat = conversation(page);
  // The words arrive while they are written, before the turn ends.
  await expect(chat.getByText('Let me look at your app first.')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Read src/App.tsx' })).toBeVisible();
  await expect(
    chat.getByText('Added a Counter component in src/components/Counter.tsx.', { exact: true }),
  ).toBeVisible();
  await expect(chat.getByText('src/components/Counter.tsx').first()).toBeVisible();
  await expect(chat.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'History' }).getByText('Version 1'),
  ).toBeVisible();

  // The files panel shows the new version's file.
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByRole('treeitem', { name: 'components' }).click();
  await page.getByRole('treeitem', { name: 'Counter.tsx' }).click();
  await expect(page.getByText('Clicked {count} times')).toBeVisible();

  // A follow-up message starts another turn that makes version 2.
  await queueModelReplies(key, [
    {
      toolCalls: [
        {
          name: 'edit_file',
          input: {
            path: 'src/components/Counter.tsx',
            old_string: 'Clicked',
            new_string: 'Pressed',
          },
        },
      ],
    },
    { text: 'Renamed the label to Pressed.' },
  ]);
  await send(page, `Say pressed instead of clicked (${key})`);
  await expect(chat.getByText('Renamed the label to Pressed.', { exact: true })).toBeVisible();
  await expect(chat.getByText('Version 2', { exact: true })).toBeVisible();
});

test('the dashboard starts from a prompt: Enter builds the described app', async ({ page }) => {
  const key = `prompt-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, firstTurn(['Building ', 'your counter.']));
  await signedIn(page);
  await page.goto('/dashboard/projects');
  const prompt = page.getByRole('form', { name: 'Start a project' });
  await prompt
    .getByRole('textbox', { name: 'Describe the app you want' })
    .fill(`A click counter (${key})`);
  await prompt.getByRole('textbox', { name: 'Describe the app you want' }).press('Enter');
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: 'Click Counter' })).toBeVisible();
  await expect(conversation(page).getByText('Version 1', { exact: true })).toBeVisible();
});

test('when the live stream drops mid-turn, the chat still ends showing how the turn ended', async ({
  page,
}) => {
  const key = `dropped-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, firstTurn(['Building ', 'the counter.']));
  await signedIn(page);
  await createProject(page, `A tally counter (${key})`);
  const chat = conversation(page);
  const header = page.getByRole('region', { name: 'Chat' }).locator('header');
  await expect(chat.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(header.getByText('Done', { exact: true })).toBeVisible();

  // From here on every event stream is cut at once, as a proxy that drops them would.
  await page.route('**/api/tasks/*/events**', (route) => route.abort('connectionreset'));
  await queueModelReplies(key, [{ text: ['Counting ', 'up ', 'slowly…'], delayMs: 800 }]);
  await send(page, `Count more slowly (${key})`);
  // The send says the turn started; how it ended arrives without the stream.
  await expect(header.getByText('Done', { exact: true })).toBeHidden();
  await expect(chat.getByText('Counting up slowly…', { exact: true })).toBeVisible();
  await expect(header.getByText('No changes made', { exact: true })).toBeVisible();
});

test('a second task on the same project, with a file to read first, has a chat of its own', async ({
  page,
}) => {
  const key = `second-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, firstTurn(['Building ', 'the counter.']));
  await signedIn(page);
  await createProject(page, `A counter with tasks (${key})`);
  await expect(conversation(page).getByText('Version 1', { exact: true })).toBeVisible();

  await queueModelReplies(key, [{ text: 'I read App.tsx first, as asked.' }]);
  await page.getByRole('button', { name: 'New task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog
    .getByRole('textbox', { name: 'What should this task do?' })
    .fill(`Add a footer (${key})`);
  await dialog.getByRole('textbox', { name: 'Filter the files' }).fill('App.tsx');
  await dialog.getByRole('checkbox', { name: 'src/App.tsx' }).check();
  await dialog.getByRole('button', { name: 'Start the task' }).click();

  await expect(page).toHaveURL(/\?taskId=/);
  await expect(
    page.getByRole('heading', { level: 2, name: `Add a footer (${key})` }),
  ).toBeVisible();
  await expect(
    conversation(page).getByText('I read App.tsx first, as asked.', { exact: true }),
  ).toBeVisible();
  // The switcher lists both tasks; the first one's chat is one pick away.
  const switcher = page.getByRole('combobox', { name: 'Task' });
  await expect(switcher.locator('option')).toHaveCount(2);
  await switcher.selectOption({ label: `A counter with tasks (${key}) · Done` });
  await expect(conversation(page).getByText('Version 1', { exact: true })).toBeVisible();
});

test('while a turn builds, the preview says which version and step, over the page it had', async ({
  page,
}) => {
  const key = `building-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [
    { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
    // Slow words: the step stays on screen long enough to be read.
    {
      text: ['Planning ', 'the ', 'counter ', 'now.'],
      delayMs: 1500,
      toolCalls: [
        { name: 'write_file', input: { path: 'src/components/Counter.tsx', content: COUNTER } },
      ],
    },
    { text: 'Added a counter.' },
  ]);
  await signedIn(page);
  await createProject(page, `A counter built slowly (${key})`);
  const preview = page.getByRole('region', { name: 'Preview' });
  const building = preview.getByRole('status').filter({ hasText: 'Building version 1…' });
  await expect(building).toContainText('Read src/App.tsx');
  // The starter page stays framed underneath, not a blank box.
  await expect(preview.locator('iframe[title="App preview"]')).toBeVisible();

  await expect(conversation(page).getByText('Version 1', { exact: true })).toBeVisible();
  await expect(building).toBeHidden();
  await expect(preview.getByText('This is the starter page', { exact: false })).toBeHidden();
});

test('the person pauses a turn, resumes it, and reverts to an earlier version', async ({
  page,
}) => {
  const key = `pause-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, firstTurn(['Building ', 'the counter.']));
  await signedIn(page);
  await createProject(page, `A counter to pause (${key})`);
  const chat = conversation(page);
  await expect(chat.getByText('Version 1', { exact: true })).toBeVisible();

  // A slow second turn: pause it while the model is still answering.
  await queueModelReplies(key, [
    { text: ['Thinking ', 'about ', 'it ', 'slowly…'], delayMs: 1500 },
    {
      toolCalls: [
        {
          name: 'edit_file',
          input: {
            path: 'src/components/Counter.tsx',
            old_string: 'Clicked',
            new_string: 'Tapped',
          },
        },
      ],
    },
    { text: 'Resumed and finished.' },
  ]);
  await send(page, `Make it nicer (${key})`);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paused.' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume', exact: true }).first().click();
  await expect(chat.getByText('Resumed and finished.', { exact: true })).toBeVisible();

  await expect(chat.getByText('Version 2', { exact: true })).toBeVisible();

  // Revert to version 1: a new version (3) equal to it; the files show version 1's text again.
  // The person looks at version 1 first; after the revert the preview shows the newest again.
  const history = page.getByRole('complementary', { name: 'History' });
  const preview = page.getByRole('region', { name: 'Preview' });
  await history.getByRole('button', { name: 'Preview version 1' }).click();
  await expect(preview.getByText('Viewing version 1')).toBeVisible();
  await history.getByRole('button', { name: 'Revert to version 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
  const newest = history.getByRole('region', { name: 'Versions' }).getByRole('listitem').first();
  await expect(newest).toContainText('Version 3');
  await expect(newest).toContainText('Reverted to version 1');
  await expect(preview.getByText('Viewing version 1')).toBeHidden();
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByRole('treeitem', { name: 'components' }).click();
  await page.getByRole('treeitem', { name: 'Counter.tsx' }).click();
  await expect(page.getByText('Clicked {count} times')).toBeVisible();

  // Undo stays in the history after the toast has closed: back to version 2's files.
  await history.getByRole('button', { name: 'Undo the revert: back to version 2' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
  await expect(newest).toContainText('Version 4');
  await expect(page.getByText('Tapped {count} times')).toBeVisible();
});

test('the assistant asks for a secret; the person provides it and the work goes on', async ({
  page,
}) => {
  const key = `secret-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [
    {
      text: 'Payments need a Stripe key.',
      toolCalls: [
        {
          name: 'request_env_variable',
          input: {
            keys: [{ key: 'VITE_STRIPE_KEY', description: 'Stripe publishable key' }],
            reason: 'The checkout page needs your Stripe publishable key.',
          },
        },
      ],
    },
    { text: 'Thanks, the checkout now reads import.meta.env.VITE_STRIPE_KEY.' },
  ]);
  await signedIn(page);
  await createProject(page, `A shop with a checkout (${key})`);

  const card = page.getByRole('region', { name: 'The app needs a secret' });
  await expect(card).toBeVisible();
  await card.getByLabel('Stripe publishable key').fill('pk_test_123');
  await card.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    conversation(page).getByText('Thanks, the checkout now reads import.meta.env.VITE_STRIPE_KEY.'),
  ).toBeVisible();
  // The secret is not shown in the conversation.
  await expect(conversation(page).getByText('pk_test_123')).toHaveCount(0);
});
