import { randomUUID } from 'node:crypto';
import { expect, type Frame, type Page } from '@playwright/test';
import { newPerson, queueModelReplies, signUp, type ModelReply } from './support';

// What the preview's end-to-end tests share: the workspace's landmarks, a new project over the
// starter app, and the preview's frame on the project's own origin.

export const previewFrame = (page: Page) => page.frameLocator('iframe[title="App preview"]');
export const composer = (page: Page) => page.getByRole('form', { name: 'Message the assistant' });
export const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
export const editPanel = (page: Page) => page.getByRole('region', { name: 'Visual edit' });

/**
 * A new person's project whose first turn plays `replies` (by default it only answers: the
 * preview shows the starter app, version 0). Replies queued later under `key` serve later turns.
 */
export async function starterProject(
  page: Page,
  replies: ModelReply[] = [{ text: 'Ready when you are.' }],
) {
  const key = `preview-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, replies);
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
      .getByText(replies.at(-1)?.text as string),
  ).toBeVisible();
  return { key, projectId };
}

/** The preview's frame (on its own origin), once the app is running in it. */
export async function appFrame(page: Page, projectId: string): Promise<Frame> {
  await expect(previewFrame(page).getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`http://p-${projectId}.localhost:`));
  if (!frame) throw new Error('The preview frame is not on the project’s origin.');
  return frame;
}
