import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  appFrame,
  composer,
  conversation,
  editPanel,
  previewFrame,
  starterProject,
} from './preview-support';
import { createProjectThroughApi, queueModelReplies, signedIn } from './support';

// Issue 33, section 3: what a person reads is true, measured as Chromium lays it out.

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box (it is not shown).');
  return box;
}

/** The part of `box` inside `within` (empty: zero width or height). */
function clip(box: Box, within: Box): Box {
  const x = Math.max(box.x, within.x);
  const y = Math.max(box.y, within.y);
  const right = Math.min(box.x + box.width, within.x + within.width);
  const bottom = Math.min(box.y + box.height, within.y + within.height);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

const overlaps = (a: Box, b: Box) => {
  const both = clip(a, b);
  return both.width > 0 && both.height > 0;
};

/** A new person's project over the starter app whose first turn answers `answer`. */
async function projectAnswering(page: Page, answer: string) {
  const key = `reads-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [{ text: answer }]);
  const { token } = await signedIn(page);
  return createProjectThroughApi(page.request, token, `A starter app ${key}`);
}

/** A new person with one project over the starter app, on the dashboard. */
async function dashboardWithAProject(page: Page) {
  await projectAnswering(page, 'Ready when you are.');
  await page.goto('/dashboard/projects');
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(1);
}

test('the dashboard’s Import button sits with the header’s other action', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await dashboardWithAProject(page);
  const header = page
    .getByRole('main')
    .locator('header')
    .filter({
      has: page.getByRole('heading', { level: 1, name: 'Your projects' }),
    });
  const importBox = await boxOf(header.getByRole('link', { name: 'Import' }));
  const newBox = await boxOf(header.getByRole('link', { name: 'New project' }));
  const headerBox = await boxOf(header);
  // Side by side at the header's end: a button's gap apart, not spread across the header.
  expect(
    Math.abs(importBox.y + importBox.height / 2 - (newBox.y + newBox.height / 2)),
  ).toBeLessThan(2);
  const gap = newBox.x - (importBox.x + importBox.width);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThanOrEqual(16);
  expect(headerBox.x + headerBox.width - (newBox.x + newBox.width)).toBeLessThan(2);
});

test('at 390 px, a two-line prompt suggestion stays inside its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await dashboardWithAProject(page);
  const examples = page.getByRole('list', { name: 'Examples' }).getByRole('button');
  await expect(examples.first()).toBeVisible();
  const measured = await examples.evaluateAll((buttons) =>
    buttons.map((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const lines = [...range.getClientRects()];
      const text = range.getBoundingClientRect();
      const outer = button.getBoundingClientRect();
      return {
        name: button.textContent,
        lines: new Set(lines.map((line) => Math.round(line.top))).size,
        // The room between the words and the button's outer edge, on each side.
        top: text.top - outer.top,
        bottom: outer.bottom - text.bottom,
        left: text.left - outer.left,
        right: outer.right - text.right,
        overflows:
          button.scrollHeight > button.clientHeight || button.scrollWidth > button.clientWidth,
      };
    }),
  );
  // The phone's width wraps at least one suggestion onto two lines.
  expect(measured.some((example) => example.lines >= 2)).toBe(true);
  for (const example of measured) {
    expect(example, `${example.name}`).toMatchObject({ overflows: false });
    // Clear of the border (1 px) with room to spare on every side.
    for (const side of ['top', 'bottom', 'left', 'right'] as const)
      expect(example[side], `${example.name}: ${side}`).toBeGreaterThanOrEqual(4);
  }
});

test('“Jump to latest” covers no message and no rating row', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A long answer: the chat scrolls, and its rating row sits at the answer's end.
  const long = Array.from({ length: 40 }, (_, index) => `- Step ${index + 1} of the plan`).join(
    '\n',
  );
  const { project } = await projectAnswering(page, `Here is the plan.\n\n${long}\n\nThat is all.`);
  await page.goto(`/projects/${project.id}`);
  const log = conversation(page);
  const rating = log.getByRole('group', { name: 'Rate this answer' });
  await expect(rating).toBeVisible();

  // A little above the end, past where the log counts as "at the end" (80 px).
  await log.evaluate((viewport) => {
    viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight - 120;
  });
  const jump = page.getByRole('button', { name: 'Jump to latest' });
  await expect(jump).toBeVisible();
  const jumpBox = await boxOf(jump);
  const viewBox = await boxOf(log);
  const rows = await log.locator('[data-index]').all();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const shown = clip(await boxOf(row), viewBox);
    expect(overlaps(shown, jumpBox), `row ${await row.getAttribute('data-index')}`).toBe(false);
  }
  const ratingBox = await rating.boundingBox();
  if (ratingBox) expect(overlaps(clip(ratingBox, viewBox), jumpBox)).toBe(false);

  await jump.click();
  await expect(jump).toBeHidden();
  await expect(rating).toBeInViewport();
});

test('the visual-edit outline follows the element’s new size after an edit', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { projectId } = await starterProject(page);
  const frame = await appFrame(page, projectId);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editPanel(page)).toBeVisible();
  const heading = previewFrame(page).getByRole('heading', { name: 'Your app starts here' });
  await heading.click();
  const text = editPanel(page).getByRole('textbox', { name: 'Text' });
  await expect(text).toHaveValue('Your app starts here');

  /** The heading's box and the picked outline's, in the app's own viewport. */
  const boxes = () =>
    frame.evaluate(() => {
      const round = (rect: DOMRect) =>
        [rect.left, rect.top, rect.width, rect.height].map((value) => Math.round(value));
      const element = [...document.querySelectorAll('h1')].find((candidate) =>
        candidate.textContent?.startsWith('Your app starts here'),
      );
      // The picked outline is the bridge's overlay without a label.
      const outline = [...document.querySelectorAll<HTMLElement>('[data-mason-overlay]')].find(
        (overlay) => overlay.childElementCount === 0 && overlay.style.display === 'block',
      );
      return {
        element: element ? round(element.getBoundingClientRect()) : null,
        outline: outline ? round(outline.getBoundingClientRect()) : null,
      };
    });
  const before = await boxes();
  expect(before.outline).toEqual(before.element);

  // Words long enough to wrap: the heading grows taller.
  await text.fill(
    'Your app starts here, and it grows with every message you send, line after line after line, until it wraps',
  );
  await expect
    .poll(async () => (await boxes()).element?.[3] ?? 0)
    .toBeGreaterThan((before.element?.[3] ?? 0) + 10);
  await expect
    .poll(async () => {
      const now = await boxes();
      return JSON.stringify(now.outline) === JSON.stringify(now.element);
    })
    .toBe(true);
});

test('text that comes from code says so before Save, and the assistant can be asked instead', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await starterProject(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await previewFrame(page).getByRole('button', { name: 'Clicked 0 times' }).click();

  const panel = editPanel(page);
  const text = panel.getByRole('textbox', { name: 'Text' });
  await expect(text).toHaveValue('Clicked 0 times');
  await expect(text).toHaveAttribute('readonly', '');
  const reason = panel.getByText(
    "This text comes from code ({count} {count === 1 ? 'time' : 'times'}), so it cannot be changed here.",
  );
  await expect(reason).toBeVisible();
  // Next to the field: right under it, before any other control.
  const fieldBox = await boxOf(text);
  const reasonBox = await boxOf(reason);
  expect(reasonBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
  await expect(panel.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await panel.getByRole('button', { name: 'Ask the assistant to change it' }).click();
  const message = composer(page).getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveValue(
    /^Change the text "Clicked 0 times" of .+ \(src\/App\.tsx:\d+, it comes from \{count\} \{count === 1 \? 'time' : 'times'\} in the code\) to: $/,
  );
  await expect(message).toBeFocused();
});
