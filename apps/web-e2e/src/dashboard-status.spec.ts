import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createProjectThroughApi, queueModelReplies, signedIn } from './support';

// A project's status on the dashboard comes from its work (issue 10, 5.4): Building while the
// assistant works on it, Failed when its newest task failed, Ready otherwise.

test('the dashboard shows a project Building while the assistant works, Ready once it stops, and Failed when its task failed', async ({
  page,
}) => {
  const key = `status-${randomUUID().slice(0, 8)}`;
  // A first turn that writes for a minute: the dashboard finds it at work, however slow the page.
  await queueModelReplies(key, [
    { text: Array.from({ length: 12 }, (_, i) => `Part ${i + 1}. `), delayMs: 5000 },
  ]);
  const { token } = await signedIn(page);
  const auth = { authorization: `Bearer ${token}` };
  const { project, firstTask } = await createProjectThroughApi(
    page.request,
    token,
    `A status board (${key})`,
  );

  await page.goto('/dashboard/projects');
  const card = page
    .getByRole('list', { name: 'Projects' })
    .getByRole('article', { name: project.name });
  await expect(card.getByText('Status: Building', { exact: true })).toBeVisible();

  // Paused, the assistant stops: the dashboard, which follows busy projects, shows it Ready.
  const paused = await page.request.post(`/api/tasks/${firstTask.id}/pause`, { headers: auth });
  expect(paused.ok(), await paused.text()).toBe(true);
  await expect(card.getByText('Status: Ready', { exact: true })).toBeVisible();

  // Resumed, the provider refuses the turn: the task fails, and the project shows it.
  await queueModelReplies(key, [{ status: 401 }]);
  const resumed = await page.request.post(`/api/tasks/${firstTask.id}/resume`, { headers: auth });
  expect(resumed.ok(), await resumed.text()).toBe(true);
  // Opened again, the dashboard finds it at work (and follows it) or already failed.
  await page.reload();
  await expect(card.getByText('Status: Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
});
