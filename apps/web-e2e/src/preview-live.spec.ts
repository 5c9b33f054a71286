import { randomUUID } from 'node:crypto';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { newPerson, queueModelReplies, signUp, type ModelReply } from './support';

// Live updates of the preview in Chromium against the real server: a new version that changes
// only components is swapped into the running page (React Fast Refresh, state kept); one that
// changes a stylesheet reloads the page.

const previewFrame = (page: Page) => page.frameLocator('iframe[title="App preview"]');
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const editPanel = (page: Page) => page.getByRole('region', { name: 'Visual edit' });

async function starterProject(page: Page, later: ModelReply[]) {
  const key = `preview-live-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [{ text: 'Ready when you are.' }, ...later]);
  await signUp(page, newPerson());
  await page.goto('/dashboard/projects/new');
  await page
    .getByRole('textbox', { name: 'Describe the app you want' })
    .fill(`A starter app ${key}`);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}/);
  const projectId = /\/projects\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText('Ready when you are.'),
  ).toBeVisible();
  return projectId;
}

async function appFrame(page: Page, projectId: string): Promise<Frame> {
  await expect(previewFrame(page).getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`http://p-${projectId}.localhost:`));
  if (!frame) throw new Error('The preview frame is not on the project’s origin.');
  return frame;
}

/** Whether the document the frame had when `markPage` ran is still there (no reload since). */
const samePage = (frame: Frame) =>
  frame.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
const markPage = (frame: Frame) =>
  frame.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });

test('a changed component is swapped in and keeps the app’s state; a changed stylesheet reloads the page', async ({
  page,
}) => {
  const projectId = await starterProject(page, [
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
    .poll(
      () =>
        frame
          .evaluate(() => getComputedStyle(document.body).backgroundColor)
          // While the frame loads again there is no page to ask.
          .catch(() => null),
      { timeout: 20_000 },
    )
    .toBe('rgb(255, 192, 203)');
  expect(await samePage(frame)).toBe(false);
  await expect(counter).toHaveText('Clicked 0 times');
  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
});
