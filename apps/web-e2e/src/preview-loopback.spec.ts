import { expect, test } from '@playwright/test';
import { appFrame, previewFrame, starterProject } from './preview-support';

// Defect 5.2 of issue 10: a person who opens Mason at http://127.0.0.1:{port} (the server's
// PUBLIC_URL says localhost) sees the preview load, and the bridge talks to Mason's window.
// Storage is per origin: the person signs in on 127.0.0.1 itself.

const port = Number(process.env.E2E_PORT ?? 4310);
test.use({ baseURL: `http://127.0.0.1:${port}` });

test('Mason opened at 127.0.0.1 shows the app in its preview, and follows its navigation', async ({
  page,
}) => {
  const { projectId } = await starterProject(page);
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
  await appFrame(page, projectId);
  const app = previewFrame(page);
  await expect(app.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();

  // The bridge reaches Mason's window on 127.0.0.1: the address bar follows the app.
  const address = page.getByRole('textbox', { name: 'Page address' });
  await expect(address).toHaveValue('/');
  await app.getByRole('link', { name: 'About' }).click();
  await expect(app.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(address).toHaveValue('/about');
});
