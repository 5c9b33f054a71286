import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createProject, queueModelReplies, signedIn } from './support';

// More of the task loop in Chromium against the real server: attachments (an uploaded file and
// an inline image), the task pages, and a project opened without a session.

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a message carries an uploaded file and an image, and the chat shows both', async ({
  page,
}) => {
  const key = `attach-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [
    { text: 'Ready.' },
    { text: 'I read your brief and looked at the sketch.' },
  ]);
  await signedIn(page);
  await createProject(page, `A landing page (${key})`);
  const chat = page.getByRole('log', { name: 'Conversation' });
  await expect(chat.getByText('Ready.', { exact: true })).toBeVisible();

  const composer = page.getByRole('form', { name: 'Message the assistant' });
  await composer.getByLabel('Upload files').setInputFiles({
    name: 'brief.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Brief\nA hero, three features and a footer.\n'),
  });
  await composer.getByLabel('Attach images').setInputFiles({
    name: 'sketch.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await expect(
    composer.getByRole('list', { name: 'Attachments' }).getByRole('listitem'),
  ).toHaveCount(2);
  await composer.getByRole('textbox', { name: 'Message' }).fill(`Follow the brief (${key})`);
  await composer.getByRole('button', { name: 'Send' }).click();

  await expect(chat.getByRole('list', { name: 'Attached files' })).toContainText('brief.md');
  const image = chat.getByRole('img', { name: 'Attached image 1' });
  await expect(image).toBeVisible();
  // The image is served back by the server (its sha256 URL), not kept only in the browser.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(
    chat.getByText('I read your brief and looked at the sketch.', { exact: true }),
  ).toBeVisible();
});

test('the task pages list tasks; a finished task is archived and unarchived', async ({ page }) => {
  const key = `pages-${randomUUID().slice(0, 8)}`;
  const description = `A recipe box (${key})`;
  await queueModelReplies(key, [{ text: 'Built the recipe box.' }]);
  await signedIn(page);
  await createProject(page, description);
  await expect(page.getByText('Built the recipe box.', { exact: true })).toBeVisible();

  await page.goto('/tasks');
  await page.getByRole('button', { name: `Archive “${description}”` }).click();
  await expect(page.getByRole('button', { name: `Archive “${description}”` })).toHaveCount(0);

  await page.goto('/archived');
  await page.getByRole('button', { name: `Unarchive “${description}”` }).click();
  await expect(page.getByRole('button', { name: `Unarchive “${description}”` })).toHaveCount(0);

  await page.goto('/tasks');
  // The project's name is its description too: the task's own link goes to /task/:id.
  await page.getByRole('link', { name: description }).and(page.locator('[href^="/task/"]')).click();
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Built the recipe box.', { exact: true })).toBeVisible();
});

test('a project opened without a session says so and goes to the login page', async ({ page }) => {
  await page.goto(`/projects/${randomUUID()}`);
  await expect(page.getByText('Cannot find project. Please login and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
