import { expect, test } from '@playwright/test';
import { seedRepository, startGitServer, type GitServer } from '@mason/server-code-hosting/testing';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { previewFrame } from './preview-support';
import { PROJECT_URL, signedIn } from './support';

// Importing an existing repository in Chromium: a real git server on loopback (git http-backend)
// holds a Vite + React app; the person gives its address on /dashboard/projects/existing, and
// the workspace opens with that app running in the preview. (The shared server allows loopback
// imports: GIT_IMPORT_ALLOW_LOOPBACK in playwright.config.ts.)

const TOKEN = 'e2e-seed-token';
let git: GitServer;

test.beforeAll(async () => {
  git = await startGitServer({
    acceptToken: (token) => token === TOKEN,
    anonymousRead: (fullName) => fullName.startsWith('public/'),
  });
  await seedRepository(
    git,
    'public/bakery',
    {
      main: {
        ...TEMPLATE_FILES,
        'src/App.tsx': TEMPLATE_FILES['src/App.tsx'].replace(
          'Your app starts here',
          'Fresh bread every morning',
        ),
      },
    },
    { token: TOKEN },
  );
});

test.afterAll(async () => {
  await git?.close();
});

test('imports a public repository and shows its app in the preview', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/projects');
  await page.getByRole('link', { name: 'Import a repository' }).click();
  await expect(page.getByRole('heading', { name: 'Import a project' })).toBeVisible();

  await page
    .getByRole('textbox', { name: /Repository address/ })
    .fill(git.cloneUrl('public/bakery'));
  await page.getByRole('button', { name: 'Import project' }).click();

  await expect(page).toHaveURL(PROJECT_URL);
  await expect(
    previewFrame(page).getByRole('heading', { name: 'Fresh bread every morning' }),
  ).toBeVisible();
  await page.goto('/dashboard/projects');
  await expect(page.getByRole('link', { name: 'bakery', exact: true })).toBeVisible();
});

test('says why an address cannot be imported, and stays on the form', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/projects/existing');

  const address = page.getByRole('textbox', { name: /Repository address/ });
  await address.fill(git.cloneUrl('public/nothing-here'));
  await page.getByRole('button', { name: 'Import project' }).click();

  await expect(
    page.getByText(/^There is no public git repository at that address\./),
  ).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/dashboard\/projects\/existing$/);
});
