import { expect, test } from '@playwright/test';
import { starterProject } from './preview-support';

// Publishing in Chromium against the real server: a production build of the project, served
// publicly at http://{slug}.apps.localhost:{port}/ to anyone, without Mason's session.

test('publishes a project from the workspace; anyone opens the live address and sees the app', async ({
  page,
  browser,
}) => {
  await starterProject(page);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await expect(dialog.getByText(/Publish version \d+ to a public address/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();

  await expect(dialog.getByText('Your app is live')).toBeVisible();
  const open = dialog.getByRole('link', { name: 'Open the app in a new tab' });
  const url = (await open.getAttribute('href')) ?? '';
  const { port } = new URL(page.url());
  expect(url).toMatch(new RegExp(`^http://[a-z0-9-]+\\.apps\\.localhost:${port}/$`));
  await expect(dialog.getByRole('link', { name: new URL(url).host })).toHaveAttribute('href', url);
  await expect(dialog.getByRole('list', { name: 'History' }).getByText('Live')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Published' })).toBeVisible();

  // A visitor: a fresh browser with no session of Mason.
  const visitor = await browser.newContext();
  try {
    const app = await visitor.newPage();
    const response = await app.goto(url);
    expect(response?.status()).toBe(200);
    await expect(app.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();
    // The app's own routes work there too (the server falls back to the app's page).
    await app.getByRole('link', { name: 'About' }).click();
    await expect(app.getByRole('heading', { name: 'About' })).toBeVisible();
    await app.reload();
    await expect(app.getByRole('heading', { name: 'About' })).toBeVisible();
  } finally {
    await visitor.close();
  }

  // The dashboard card shows where the app is live.
  await page.goto('/dashboard/projects');
  await expect(
    page.getByRole('link', { name: new RegExp(new URL(url).host.replace(/\./g, '\\.')) }),
  ).toHaveAttribute('href', url);
});

test('a new name moves the app and its old address redirects; unpublishing takes it offline', async ({
  page,
  browser,
}) => {
  await starterProject(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByText('Your app is live')).toBeVisible();
  const oldUrl =
    (await dialog.getByRole('link', { name: 'Open the app in a new tab' }).getAttribute('href')) ??
    '';

  const name = `renamed-${Date.now().toString(36)}`;
  await dialog.getByRole('button', { name: 'Change the name' }).click();
  await dialog.getByRole('textbox', { name: 'App name' }).fill('admin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('That name is reserved. Choose another.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'App name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const newUrl = oldUrl.replace(/^http:\/\/[^.]+\./, `http://${name}.`);
  await expect(dialog.getByRole('link', { name: 'Open the app in a new tab' })).toHaveAttribute(
    'href',
    newUrl,
  );

  const visitor = await browser.newContext();
  try {
    const app = await visitor.newPage();
    await app.goto(oldUrl);
    await expect(app).toHaveURL(newUrl);
    await expect(app.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    const question = page.getByRole('alertdialog', { name: 'Unpublish the app?' });
    await question.getByRole('button', { name: 'Unpublish' }).click();
    await expect(dialog.getByRole('region', { name: 'Publishing state' })).toContainText(
      'The app is offline',
    );
    await expect(dialog.getByRole('button', { name: /Roll back to version/ })).toBeVisible();

    const offline = await app.goto(newUrl);
    expect(offline?.status()).toBe(404);
  } finally {
    await visitor.close();
  }
});
