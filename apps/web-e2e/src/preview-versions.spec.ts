import { expect, test } from '@playwright/test';
import { queueModelReplies } from './support';
import {
  appFrame,
  conversation,
  markPage,
  previewFrame,
  samePage,
  starterProject,
} from './preview-support';

// The preview shows exactly the version (issue 33, 1), in Chromium against the real server: a
// version that changes a list's first items shows them at once after the assistant's follow-up,
// after a revert and in the history's Preview, even when the person ticked items in the list
// before (its state, kept by React Fast Refresh, must not outlive the version that made it). The
// app starts afresh inside the page: no reload.

/** A checklist whose first items are `items`; `amounts` adds an Amount column. */
const checklist = (items: readonly string[], amounts: boolean) => `import { useState } from 'react';

const FIRST_ITEMS = ${JSON.stringify(items)};

export function App() {
  const [items, setItems] = useState(() => FIRST_ITEMS.map((text) => ({ text, done: false })));
  const done = items.filter((item) => item.done).length;
  const toggle = (text: string) =>
    setItems(items.map((item) => (item.text === text ? { ...item, done: !item.done } : item)));
  return (
    <main>
      <h1>Groceries</h1>
      <p>
        {done} of {items.length} done
      </p>
      <ul>
        {items.map((item, index) => (
          <li key={item.text}>
            <label>
              <input type="checkbox" checked={item.done} onChange={() => toggle(item.text)} />
              {item.text}
            </label>
            ${amounts ? '<span> Amount: {(index + 1) * 2}</span>' : ''}
          </li>
        ))}
      </ul>
    </main>
  );
}
`;

const FIRST = ['Tea', 'Cake'];
const SECOND = ['Tea', 'Cake', 'Jam', 'Bread', 'Milk'];

const writeApp = (items: readonly string[], amounts: boolean) => ({
  toolCalls: [
    { name: 'write_file', input: { path: 'src/App.tsx', content: checklist(items, amounts) } },
  ],
});

test('a version that changes a list’s first items shows them at once: after a follow-up, after a revert, and in the history’s Preview', async ({
  page,
}) => {
  const { key, projectId } = await starterProject(page, [
    writeApp(FIRST, false),
    { text: 'Built a checklist of two items.' },
  ]);
  await queueModelReplies(key, [
    writeApp(SECOND, true),
    { text: 'Added an Amount column and three items.' },
  ]);
  const app = previewFrame(page);
  const frame = await appFrame(page, projectId);
  const items = app.getByRole('checkbox');
  await expect(app.getByText('0 of 2 done')).toBeVisible();
  await app.getByRole('checkbox', { name: 'Tea' }).check();
  await expect(app.getByText('1 of 2 done')).toBeVisible();
  await markPage(frame);

  // The follow-up's version: its five items, none ticked, with their amounts; the same page.
  await page.getByRole('textbox', { name: 'Message' }).fill('Add an Amount column');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText('Added an Amount column and three items.'),
  ).toBeVisible();
  await expect(app.getByText('0 of 5 done')).toBeVisible();
  await expect(items).toHaveCount(SECOND.length);
  await expect(app.getByText('Amount: 10')).toBeVisible();
  await expect(app.getByRole('checkbox', { name: 'Tea' })).not.toBeChecked();
  expect(await samePage(frame)).toBe(true);

  // Back to version 1 (after ticking an item of version 2): its two items, none ticked.
  await app.getByRole('checkbox', { name: 'Jam' }).check();
  await expect(app.getByText('1 of 5 done')).toBeVisible();
  const history = page.getByRole('complementary', { name: 'History' });
  await history.getByRole('button', { name: 'Revert to version 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
  await expect(
    history.getByRole('region', { name: 'Versions' }).getByRole('listitem').first(),
  ).toContainText('Version 3');
  await expect(app.getByText('0 of 2 done')).toBeVisible();
  await expect(items).toHaveCount(FIRST.length);
  await expect(app.getByText(/Amount/)).toHaveCount(0);

  // Version 2 in the history's Preview: its five items, as it starts.
  await app.getByRole('checkbox', { name: 'Cake' }).check();
  await history.getByRole('button', { name: 'Preview version 2' }).click();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByText('Viewing version 2'),
  ).toBeVisible();
  await expect(app.getByText('0 of 5 done')).toBeVisible();
  await expect(items).toHaveCount(SECOND.length);
  await expect(app.getByText('Amount: 2', { exact: true })).toBeVisible();
});
