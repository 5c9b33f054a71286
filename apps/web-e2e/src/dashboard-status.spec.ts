import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createProjectThroughApi, queueModelReplies, signedIn } from './support';

// A project's status on the dashboard comes from its work (issue 10, 5.4): Building while the
// assistant works on it, Failed when its newest task failed, Ready otherwise.

test('the dashboard shows a project Building while the assistant works, then Ready; and Failed when its task failed', async ({
  page,
}) => {
  const key = `status-${randomUUID().slice(0, 8)}`;
  // A slow first turn, so the dashboard sees it at work.
  await queueModelReplies(key, [{ text: ['Working ', 'on it ', 'slowly.'], delayMs: 1500 }]);
  const { token } = await signedIn(page);
  const { project } = await createProjectThroughApi(page.request, token, `A status board (${key})`);

  await page.goto('/dashboard/projects');
  const card = page
    .getByRole('list', { name: 'Projects' })
    .getByRole('listitem')
    .filter({ hasText: project.name });
  await expect(card.getByText('Building', { exact: true })).toBeVisible();
  // The dashboard follows the work while something is busy: no reload.
  await expect(card.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });

  // The provider refuses the next turn: the task fails, and so does the project's status.
  await queueModelReplies(key, [{ status: 401 }]);
  const sent = await page.request.post(`/api/tasks/${project.firstTaskId}/logs`, {
    headers: { authorization: `Bearer ${token}` },
    data: { content: `Add a footer (${key})` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // Opened again, the dashboard finds it at work (and follows it) or already failed.
  await page.reload();
  await expect(card.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
});
