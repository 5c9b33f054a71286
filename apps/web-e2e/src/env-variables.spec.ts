import { expect, test } from '@playwright/test';
import { appFrame, previewFrame, starterProject } from './preview-support';

// The environment variables screen against the real server, and the preview that reads them:
// a VITE_ variable set on the screen reaches the app as import.meta.env, and the preview that
// is open in the workspace reloads with it.

const GREETING_APP = `export function App() {
  return (
    <main>
      <h1>{import.meta.env.VITE_GREETING ?? 'No greeting yet'}</h1>
      <p>Running in {import.meta.env.MODE} mode</p>
    </main>
  );
}
`;

test('a VITE_ variable set on the screen shows in the open preview; a bad key is refused beside the field', async ({
  page,
  context,
}) => {
  const { projectId } = await starterProject(page, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: GREETING_APP } }] },
    { text: 'The app shows its greeting.' },
  ]);
  await appFrame(page, projectId);
  const app = previewFrame(page);
  await expect(app.getByRole('heading', { level: 1, name: 'No greeting yet' })).toBeVisible();
  await expect(app.getByText('Running in development mode')).toBeVisible();

  // The workspace stays open in its tab; the variables are set in another.
  const settings = await context.newPage();
  await settings.goto(`/env-variables?projectId=${projectId}`);
  await expect(
    settings.getByRole('heading', { level: 1, name: /^Environment variables of / }),
  ).toBeVisible();
  await expect(settings.getByRole('heading', { name: 'No variables yet' })).toBeVisible();
  const form = settings.getByRole('form', { name: 'Add a variable' });

  await form.getByLabel('Key').fill('VITE-GREETING');
  await form.getByLabel('Value').fill('Hello from the settings');
  await form.getByRole('button', { name: 'Save variable' }).click();
  await expect(form.getByLabel('Key')).toHaveAccessibleDescription(
    /Use letters, digits and underscores, not starting with a digit\./,
  );

  await form.getByLabel('Key').fill('VITE_GREETING');
  await form.getByRole('button', { name: 'Save variable' }).click();
  await expect(settings.getByRole('status')).toHaveText(
    'VITE_GREETING saved. Open previews reload with the new value.',
  );
  const row = settings.getByRole('listitem', { name: 'VITE_GREETING' });
  await expect(row.getByText('Visible in the app (built into its code)')).toBeVisible();
  await expect(row.getByText('Hello from the settings')).toBeHidden();
  await row.getByRole('button', { name: 'Show value of VITE_GREETING' }).click();
  await expect(row.getByText('Hello from the settings')).toBeVisible();

  // The preview open in the workspace rebuilt and reloaded with the value.
  await expect(
    app.getByRole('heading', { level: 1, name: 'Hello from the settings' }),
  ).toBeVisible();

  // A server-only variable never reaches the app.
  await form.getByLabel('Key').fill('PAYMENT_SECRET');
  await form.getByLabel('Value').fill('sk-never-in-the-browser');
  await form.getByRole('button', { name: 'Save variable' }).click();
  await expect(
    settings
      .getByRole('listitem', { name: 'PAYMENT_SECRET' })
      .getByText('Server only: never sent to the browser'),
  ).toBeVisible();

  // Deleting it (after the confirm) takes the greeting out of the preview again.
  await row.getByRole('button', { name: 'Delete VITE_GREETING' }).click();
  const dialog = settings.getByRole('alertdialog', { name: 'Delete VITE_GREETING?' });
  await dialog.getByRole('button', { name: 'Delete variable' }).click();
  await expect(settings.getByRole('status')).toHaveText(
    'VITE_GREETING deleted. Open previews reload without it.',
  );
  await expect(app.getByRole('heading', { level: 1, name: 'No greeting yet' })).toBeVisible();
  const bundle = await page
    .frames()
    .find((frame) => frame.url().startsWith(`http://p-${projectId}.localhost:`))
    ?.evaluate(async () => {
      const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
      return script ? (await fetch(script.src)).text() : '';
    });
  expect(bundle).toContain('No greeting yet');
  expect(bundle).not.toContain('sk-never-in-the-browser');

  // Back to the project from the screen.
  await settings.getByRole('link', { name: 'Back to the project' }).click();
  await expect(settings).toHaveURL(new RegExp(`/projects/${projectId}$`));
});
