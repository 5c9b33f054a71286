import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SCRIPTED_MODEL_ID } from '@mason/server-agent/testing';
import { createProject, queueModelReplies, signedIn } from './support';

// Issue 33: the e2e Mason's one model is the scripted model server at LLM_BASE_URL (see
// playwright.config.ts), with no price set. A person reads it by its own id everywhere, never
// as a catalogue model, it is preselected without being kept as their choice, and the billing
// screen says its use was not charged and why.
const LABEL = `${SCRIPTED_MODEL_ID} (your endpoint)`;

test('the operator’s model is picked, named and billed as itself: preselected, the answer’s model, not charged for want of a price', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/dashboard/projects/new');
  const picker = page.getByRole('combobox', { name: 'Model' });
  await expect(picker).toHaveValue('ENDPOINT');
  await expect(picker.locator('option:checked')).toHaveText(LABEL);
  await expect(
    picker.getByRole('option', { name: 'Claude Sonnet 4.5 (not set up)' }),
  ).toBeDisabled();

  const key = `endpoint-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [{ text: 'Your tracker is ready.' }]);
  await createProject(page, `A ${key} tracker`);
  const answer = page
    .getByRole('log', { name: 'Conversation' })
    .getByRole('article', { name: 'Assistant’s message' })
    .filter({ hasText: 'Your tracker is ready.' });
  await expect(answer.getByText(LABEL, { exact: true })).toBeVisible();
  await expect(answer.getByText(/Claude|GPT|Gemini/)).toHaveCount(0);
  // Its turn says why it cost nothing.
  await expect(
    page
      .getByRole('log', { name: 'Conversation' })
      .getByText(`Not charged: no price set for ${LABEL}`),
  ).toBeVisible();
  // Preselected because nothing else runs here: used, never stored as the person's choice.
  expect(await page.evaluate(() => localStorage.getItem('mason.model'))).toBeNull();

  await page.goto('/dashboard/billing');
  await expect(
    page.getByText(
      new RegExp(
        `^Not charged: no price set for ${SCRIPTED_MODEL_ID} \\(your endpoint\\)\\. [\\d,]+ tokens this month\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(
    page.getByRole('progressbar', { name: 'Plan credits used this month' }),
  ).toHaveAttribute('aria-valuetext', /^0 of /);
});
