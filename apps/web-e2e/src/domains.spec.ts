import { expect, test } from '@playwright/test';
import { createProjectThroughApi, signedIn } from './support';

// Custom domains on the Domains screen, against the real server.

test('the Domains screen asks for a project, and says an unpublished one must be published first', async ({
  page,
}) => {
  const { token } = await signedIn(page);
  const { project } = await createProjectThroughApi(
    page.request,
    token,
    'A tea shop with a menu of teas',
  );

  await page.goto('/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Choose a project' })
    .getByRole('link', { name: project.name })
    .click();

  await expect(page).toHaveURL(`/domains?projectId=${project.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Domains of ${project.name}` }),
  ).toBeVisible();
  await expect(page.getByText(`${project.name} is not published yet`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Domain' })).toHaveCount(0);
  // The notice leads to the project, where it is published.
  await page.getByRole('link', { name: 'Open project' }).last().click();
  await expect(page).toHaveURL(`/projects/${project.id}`);
});
