import { randomUUID } from 'node:crypto';
import { expect, type Frame, type Page } from '@playwright/test';
import { createProjectThroughApi, queueModelReplies, signedIn, type ModelReply } from './support';

// What the preview's end-to-end tests share: the workspace's landmarks, a new project over the
// starter app, and the preview's frame on the project's own origin.

export const previewFrame = (page: Page) => page.frameLocator('iframe[title="App preview"]');
export const composer = (page: Page) => page.getByRole('form', { name: 'Message the assistant' });
export const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
export const editPanel = (page: Page) => page.getByRole('region', { name: 'Visual edit' });

/**
 * A new person's project whose first turn plays `replies` (by default it only answers: the
 * preview shows the starter app, version 0), open in the workspace once that turn has answered.
 * Replies queued later under `key` serve later turns. The person signs up and describes the
 * project through the API: the screens for both have their own tests (accounts.spec.ts,
 * task-loop.spec.ts), and these tests spend their time on the preview.
 */
export async function starterProject(
  page: Page,
  replies: ModelReply[] = [{ text: 'Ready when you are.' }],
) {
  const key = `preview-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, replies);
  const { token } = await signedIn(page);
  const { project, firstTask } = await createProjectThroughApi(
    page.request,
    token,
    `A starter app ${key}`,
  );
  const projectId = project.id;
  await page.goto(`/projects/${projectId}`);
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText(replies.at(-1)?.text as string),
  ).toBeVisible();
  return { key, projectId, taskId: firstTask.id, token };
}

/** The preview's frame (on its own origin), once the app is running in it. */
export async function appFrame(page: Page, projectId: string): Promise<Frame> {
  await expect(previewFrame(page).getByRole('heading', { level: 1 })).toBeVisible();
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`http://p-${projectId}.localhost:`));
  if (!frame) throw new Error('The preview frame is not on the project’s origin.');
  return frame;
}

/** Marks the frame's document, so that samePage tells whether it loaded again since. */
export const markPage = (frame: Frame) =>
  frame.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });

/** True while the frame shows the document markPage marked (it did not load again). */
export const samePage = (frame: Frame) =>
  frame.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
