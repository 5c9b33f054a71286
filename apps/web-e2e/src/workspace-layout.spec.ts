import { expect, test } from '@playwright/test';
import { composer, conversation, editPanel, previewFrame, starterProject } from './preview-support';

// The workspace's room for the preview, measured as a person sees it at 1440 x 900 and 390 px.

test('at 1440 x 900: one slim bar, the preview at least 45 % wide, no narrower in edit mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await starterProject(page);
  const bar = await page.getByRole('main').locator('header').first().boundingBox();
  expect(bar?.height).toBeLessThanOrEqual(56);
  // Nothing else spans the window between the banner and the bar: the bar starts the workspace.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  const frame = page.locator('iframe[title="App preview"]');
  await expect(
    previewFrame(page).getByRole('heading', { name: 'Your app starts here' }),
  ).toBeVisible();
  const viewWidth = (await frame.boundingBox())?.width ?? 0;
  expect(viewWidth).toBeGreaterThanOrEqual(1440 * 0.45);
  await expect(page.getByRole('complementary', { name: 'History' })).toBeVisible();

  // Edit mode: the edit panel takes the history's place; the preview keeps its width.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editPanel(page)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'History' })).toHaveCount(0);
  expect((await frame.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(viewWidth - 1);
  // A tall element editor scrolls; Save and Discard stay in view.
  await previewFrame(page).getByRole('heading', { name: 'Your app starts here' }).click();
  await expect(editPanel(page).getByRole('textbox', { name: 'Class' })).toBeVisible();
  await expect(editPanel(page).getByRole('button', { name: 'Save changes' })).toBeInViewport();
  await expect(editPanel(page).getByRole('button', { name: 'Discard' })).toBeInViewport();
});

test('at 390 px: Chat, Preview, Code and History are tabs, the composer pinned under the chat', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await starterProject(page);
  const tabs = page.getByRole('tablist', { name: 'Workspace' });
  await expect(tabs.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(conversation(page)).toBeVisible();
  const form = await composer(page).boundingBox();
  // The composer sits at the bottom of the screen, above nothing but the window's edge.
  expect((form?.y ?? 0) + (form?.height ?? 0)).toBeGreaterThan(844 - 40);
  await expect(page.getByRole('complementary', { name: 'History' })).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Preview' }).click();
  await expect(
    previewFrame(page).getByRole('heading', { name: 'Your app starts here' }),
  ).toBeVisible();
  await expect(conversation(page)).toBeHidden();
  // The preview's toolbar keeps to one row: its buttons fold to icons and keep their names.
  const toolbar = page.getByRole('button', { name: 'Reload' }).locator('xpath=..');
  expect((await toolbar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(48);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeInViewport();

  await tabs.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByRole('treeitem', { name: 'App.tsx' })).toBeVisible();

  await tabs.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('complementary', { name: 'History' })).toBeVisible();
  // Picking the task goes back to its chat.
  await page
    .getByRole('complementary', { name: 'History' })
    .getByRole('button', { name: /A starter app/ })
    .click();
  await expect(tabs.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(conversation(page)).toBeVisible();
});
