import { expect, test, type Frame } from '@playwright/test';
import { queueModelReplies } from './support';
import { appFrame, conversation, editPanel, previewFrame, starterProject } from './preview-support';

// Live updates of the preview in Chromium against the real server: a new version that changes
// only components is swapped into the running page (React Fast Refresh, state kept); one that
// changes a stylesheet reloads the page.

const samePage = (frame: Frame) =>
  frame.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
const markPage = (frame: Frame) =>
  frame.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });

test('a changed component is swapped in and keeps the app’s state; a changed stylesheet reloads the page', async ({
  page,
}) => {
  const { key, projectId } = await starterProject(page);
  await queueModelReplies(key, [
    {
      toolCalls: [
        {
          name: 'write_file',
          input: { path: 'src/index.css', content: 'body { background: rgb(255, 192, 203); }\n' },
        },
      ],
    },
    { text: 'The page is pink now.' },
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

  // The assistant rewrites the stylesheet: the page loads again, with the new style.
  await page.getByRole('textbox', { name: 'Message' }).fill('Make the page pink');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText('The page is pink now.'),
  ).toBeVisible();
  await expect
    .poll(() =>
      frame
        .evaluate(() => getComputedStyle(document.body).backgroundColor)
        // While the frame loads again there is no page to ask.
        .catch(() => null),
    )
    .toBe('rgb(255, 192, 203)');
  expect(await samePage(frame)).toBe(false);
  await expect(counter).toHaveText('Clicked 0 times');
  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
});
