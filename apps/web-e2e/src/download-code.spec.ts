import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { createProject, queueModelReplies, signedIn } from './support';

// Taking the code away (issue 11, 5): "Download code" in the workspace and on the dashboard card
// saves a zip of the project as a Vite + React + TypeScript project.

/** The zip a download saved: its files by path, as text. */
async function unzipped(download: Download): Promise<Map<string, string>> {
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  return new Map(
    Object.entries(entries).map(([path, bytes]) => [path, Buffer.from(bytes).toString('utf8')]),
  );
}

/** Clicks the button and answers the download it starts. */
async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const started = page.waitForEvent('download');
  await click();
  return started;
}

test('Download code in the workspace and on the dashboard card saves the project as a zip: a Vite project whose package.json names React', async ({
  page,
}) => {
  const key = `download-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [{ text: 'Ready to build your timer.' }]);
  await signedIn(page);
  const { projectId } = await createProject(page, `A kitchen timer (${key})`);
  await expect(page.getByText('Ready to build your timer.', { exact: true })).toBeVisible();

  const fromWorkspace = await downloadBy(page, () =>
    page.getByRole('button', { name: 'Download code', exact: true }).click(),
  );
  expect(fromWorkspace.suggestedFilename()).toMatch(/^kitchen-timer-v0\.zip$/);
  const files = await unzipped(fromWorkspace);
  const manifest = JSON.parse(files.get('package.json') ?? '{}');
  expect(manifest.dependencies).toHaveProperty('react', expect.stringMatching(/^\d+\.\d+\.\d+$/));
  expect(manifest.dependencies).toHaveProperty('react-dom');
  expect(manifest.devDependencies).toHaveProperty('vite');
  expect(manifest.scripts).toMatchObject({ dev: 'vite' });
  for (const path of [
    'index.html',
    'vite.config.ts',
    'tsconfig.json',
    'src/main.tsx',
    'src/App.tsx',
  ])
    expect(files.has(path), path).toBe(true);
  expect(files.get('README.md')).toMatch(/npm install[\s\S]*npm run dev/);
  await expect(
    page.getByRole('status').filter({ hasText: 'The code is downloading.' }),
  ).toBeAttached();

  await page.goto('/dashboard/projects');
  const card = page
    .getByRole('list', { name: 'Projects' })
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/projects/${projectId}"]`) });
  const fromCard = await downloadBy(page, () =>
    card.getByRole('button', { name: /^Download code of / }).click(),
  );
  expect(fromCard.suggestedFilename()).toBe(fromWorkspace.suggestedFilename());
  expect(JSON.parse((await unzipped(fromCard)).get('package.json') ?? '{}').dependencies).toEqual(
    manifest.dependencies,
  );
});
