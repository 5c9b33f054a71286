import { expect, test } from '@playwright/test';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { queueModelReplies } from './support';
import {
  appFrame,
  conversation,
  editPanel,
  markPage,
  previewFrame,
  samePage,
  starterProject,
} from './preview-support';

// Live updates of the preview in Chromium against the real server: a new version that changes
// only the markup of components or stylesheets is swapped into the running page (React Fast
// Refresh and the stylesheet replaced, state kept); one that changes the entry reloads the page.
// A version that changes state's start starts the app afresh in the page (preview-versions.spec.ts).

test('a changed component or stylesheet is swapped in and keeps the app’s state; a changed entry reloads the page', async ({
  page,
}) => {
  const { key, projectId } = await starterProject(page);
  await queueModelReplies(key, [
    {
      toolCalls: [
        {
          name: 'write_file',
          input: {
            path: 'src/globals.css',
            content: `${TEMPLATE_FILES['src/globals.css']}\nbody {\n  background: rgb(255, 192, 203);\n}\n`,
          },
        },
      ],
    },
    { text: 'The page is pink now.' },
    {
      toolCalls: [
        {
          name: 'write_file',
          input: {
            path: 'src/main.tsx',
            content: `${TEMPLATE_FILES['src/main.tsx']}document.title = 'Mugs';\n`,
          },
        },
      ],
    },
    { text: 'The tab says Mugs now.' },
  ]);
  const frame = await appFrame(page, projectId);
  const app = previewFrame(page);
  const counter = app.getByRole('button', { name: /^Clicked/ });
  for (let click = 0; click < 3; click += 1) await counter.click();
  await expect(counter).toHaveText('Clicked 3 times');
  await markPage(frame);

  // A visual edit of the heading: a new version that changes src/App.tsx only.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await app.getByRole('heading', { name: 'Your app starts here' }).click();
  await editPanel(page).getByRole('textbox', { name: 'Text' }).fill('Mugs, made by hand');
  await editPanel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();

  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
  await expect(counter).toHaveText('Clicked 3 times');
  expect(await samePage(frame)).toBe(true);

  // The assistant rewrites the stylesheet: the new style, in the same page, state kept.
  await page.getByRole('textbox', { name: 'Message' }).fill('Make the page pink');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText('The page is pink now.'),
  ).toBeVisible();
  await expect
    .poll(() => frame.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe('rgb(255, 192, 203)');
  expect(await samePage(frame)).toBe(true);
  await expect(counter).toHaveText('Clicked 3 times');

  // The assistant changes the entry: the page loads again, with every change.
  await page.getByRole('textbox', { name: 'Message' }).fill('Name the tab Mugs');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText('The tab says Mugs now.'),
  ).toBeVisible();
  await expect
    .poll(() =>
      frame
        .evaluate(() => document.title)
        // While the frame loads again there is no page to ask.
        .catch(() => null),
    )
    .toBe('Mugs');
  expect(await samePage(frame)).toBe(false);
  await expect(counter).toHaveText('Clicked 0 times');
  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
  expect(await frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(255, 192, 203)',
  );
});
