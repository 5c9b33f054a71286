import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TaskLogsResponse } from '@mason/contract';
import { queueModelReplies, scriptedModelUrl } from './support';
import {
  appFrame,
  composer,
  conversation,
  editPanel,
  previewFrame,
  starterProject,
} from './preview-support';

// The live preview and visual edit in Chromium against the real server: the app runs on its own
// origin (http://p-{project}.localhost:{port}) inside Mason's window, with the bridge between them.

test('the app runs in the preview on its own origin; the mobile toggle narrows it; its navigation fills back and forward', async ({
  page,
}) => {
  const { projectId } = await starterProject(page);
  await appFrame(page, projectId);
  const app = previewFrame(page);
  await expect(app.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();

  const iframe = page.locator('iframe[title="App preview"]');
  const appWidth = () => iframe.evaluate((element) => element.clientWidth);
  const desktopWidth = await appWidth();
  await page.getByRole('button', { name: 'Mobile', exact: true }).click();
  await expect.poll(appWidth).toBe(390);
  expect(desktopWidth).toBeGreaterThan(390);
  await page.getByRole('button', { name: 'Desktop', exact: true }).click();
  await expect.poll(appWidth).toBe(desktopWidth);

  const back = page.getByRole('button', { name: 'Back', exact: true });
  const forward = page.getByRole('button', { name: 'Forward', exact: true });
  const address = page.getByRole('textbox', { name: 'Page address' });
  await expect(back).toBeDisabled();
  await app.getByRole('link', { name: 'About' }).click();
  await expect(app.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(address).toHaveValue('/about');
  await expect(back).toBeEnabled();

  await back.click();
  await expect(app.getByRole('heading', { name: 'Your app starts here' })).toBeVisible();
  await expect(address).toHaveValue('/');
  await expect(forward).toBeEnabled();
  await forward.click();
  await expect(app.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(address).toHaveValue('/about');

  // Typing a path in the address bar navigates the app.
  await address.fill('/nowhere');
  await address.press('Enter');
  await expect(app.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a message sent after moving to another page of the preview tells the assistant that page', async ({
  page,
}) => {
  const { key, projectId, taskId, token } = await starterProject(page);
  await appFrame(page, projectId);
  const app = previewFrame(page);
  await app.getByRole('link', { name: 'About' }).click();
  await expect(app.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page address' })).toHaveValue('/about');

  await queueModelReplies(key, [{ text: 'The about page is calmer now.' }]);
  const message = `Make this page calmer (${key})`;
  await composer(page).getByRole('textbox', { name: 'Message' }).fill(message);
  await composer(page).getByRole('button', { name: 'Send' }).click();
  await expect(conversation(page).getByText('The about page is calmer now.')).toBeVisible();

  // The message carries the page (currentPage) ...
  const logs = await page.request.get(`/api/tasks/${taskId}/logs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const sent = ((await logs.json()) as TaskLogsResponse).logs.find(
    (log) => log.type === 'USER_MESSAGE' && log.content === message,
  );
  expect(sent?.payload).toMatchObject({ currentPage: '/about' });
  // ... and the assistant is told it.
  const requests = (await (await fetch(`${scriptedModelUrl}/__scripted/requests`)).json()) as {
    body: unknown;
  }[];
  const asked = requests
    .map((request) => JSON.stringify(request.body))
    .filter((body) => body.includes(message));
  expect(asked.at(-1)).toContain('The preview shows the page /about.');
});

const BREAKING_APP = `export function App() {
  return (
    <main>
      <h1>Breakable</h1>
      <button type="button" onClick={() => { throw new Error('Boom from the preview'); }}>Break it</button>
    </main>
  );
}
`;

test('an error from a click after a visual edit waits for the person: no repair starts by itself, Fix with AI sends it, and the edit stays', async ({
  page,
}) => {
  const { key, projectId, taskId, token } = await starterProject(page, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: BREAKING_APP } }] },
    { text: 'The app has a button now.' },
  ]);
  await appFrame(page, projectId);
  const app = previewFrame(page);

  // The person's visual edit: version 2, theirs.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await selectInPreview(page, app.getByRole('heading', { name: 'Breakable' }), 'Heading in App');
  await editPanel(page).getByRole('textbox', { name: 'Text' }).fill('Breakable, edited by me');
  await editPanel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Breakable, edited by me' })).toBeVisible();

  // The person's click throws, after the load: the console shows it and offers Fix with AI.
  await queueModelReplies(key, [
    { toolCalls: [{ name: 'read_preview_errors', input: {} }] },
    {
      toolCalls: [
        {
          name: 'edit_file',
          input: {
            path: 'src/App.tsx',
            old_string: "throw new Error('Boom from the preview');",
            new_string: "console.warn('Boom avoided');",
          },
        },
      ],
    },
    { text: 'The button threw when clicked; it logs a warning now.' },
  ]);
  await app.getByRole('button', { name: 'Break it' }).click();
  const consoleButton = page.getByRole('button', { name: /^Console/ });
  await expect(consoleButton).toContainText('1');
  await consoleButton.click();
  const messages = page.getByRole('list', { name: 'Console messages' });
  await expect(messages.getByText('Boom from the preview').first()).toBeVisible();

  // Nothing started by itself: the chat is free, so Fix with AI sends the errors at once.
  await page.getByRole('button', { name: 'Fix with AI' }).click();
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Your message' })
      .getByText(/Fix these errors from the preview/),
  ).toBeVisible();
  await expect(
    // Exact: the answer itself, not its version's entry, which quotes it after "Version 3: ".
    conversation(page).getByText('The button threw when clicked; it logs a warning now.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(conversation(page).getByText(/stopped with an error/)).toHaveCount(0);
  const logs = await page.request.get(`/api/tasks/${taskId}/logs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const entries = ((await logs.json()) as TaskLogsResponse).logs;
  expect(entries.filter((log) => log.type === 'ERROR')).toEqual([]);
  // The assistant read the error the bridge reported after the load.
  expect(
    entries.find(
      (log) => log.type === 'TOOL_RESULT' && log.payload.toolName === 'read_preview_errors',
    )?.content,
  ).toContain('Boom from the preview');

  // The fix is an edit on top of the person's version: their heading stays, the click is safe.
  await expect(app.getByRole('heading', { name: 'Breakable, edited by me' })).toBeVisible();
  await app.getByRole('button', { name: 'Break it' }).click();
  await expect(messages.getByText('Boom avoided')).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Breakable, edited by me' })).toBeVisible();
});

const THROWING_APP = `export function App() {
  throw new Error('Render exploded');
}
`;
const FIXED_APP = `export function App() {
  return <h1>Fixed by the assistant</h1>;
}
`;

test('an app that throws in the preview is repaired by the assistant by itself, and the person sees each attempt', async ({
  page,
}) => {
  const { key } = await starterProject(page, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: THROWING_APP } }] },
    { text: 'Built it.' },
  ]);
  await queueModelReplies(key, [
    { toolCalls: [{ name: 'read_preview_errors', input: {} }] },
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: FIXED_APP } }] },
    { text: 'Fixed the crash: App threw while rendering.' },
  ]);
  // The bridge in the preview reports the uncaught error; the server starts the repair turn.
  await expect(
    conversation(page).getByText(
      /The preview of version 1 stopped with an error: .*Render exploded/,
    ),
  ).toBeVisible();
  await expect(
    conversation(page).getByRole('button', { name: 'Read the preview’s errors' }),
  ).toBeVisible();
  await expect(
    conversation(page)
      .getByRole('article', { name: 'Assistant’s message' })
      .getByText('Fixed the crash: App threw while rendering.'),
  ).toBeVisible();
  await expect(
    previewFrame(page).getByRole('heading', { name: 'Fixed by the assistant' }),
  ).toBeVisible();
});

/**
 * Picks an element in edit mode, as a person would: a page the preview has just loaded (after a
 * tab switch or a reload) takes a moment to start edit mode, and a click before that reaches the
 * app instead, so the person clicks again until the panel shows the element.
 */
async function selectInPreview(page: Page, element: Locator, label: string) {
  const picked = editPanel(page).getByRole('heading', { name: label });
  await expect(async () => {
    await element.click();
    await expect(picked).toBeVisible({ timeout: 3000 });
  }).toPass();
}

test('in edit mode a text change lands in the source as a new version; delete and discard ask first', async ({
  page,
}) => {
  const { projectId } = await starterProject(page);
  await appFrame(page, projectId);
  const app = previewFrame(page);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(
    editPanel(page).getByText('Click an element in the preview to edit it.'),
  ).toBeVisible();
  await app.getByRole('heading', { name: 'Your app starts here' }).click();
  const text = editPanel(page).getByRole('textbox', { name: 'Text' });
  await expect(text).toHaveValue('Your app starts here');
  await text.fill('Mugs, made by hand');
  // The change shows in the preview before it is saved.
  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
  await editPanel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  // In edit mode the edit panel has the history's place: the chat shows the new version.
  await expect(
    page.getByRole('log', { name: 'Conversation' }).getByText('Version 1', { exact: true }),
  ).toBeVisible();
  // The preview moves to the new version (a live update), built from the edited source.
  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByRole('treeitem', { name: 'App.tsx' }).click();
  await expect(page.getByText('tracking-tight">Mugs, made by hand</h1>')).toBeVisible();
  await page.getByRole('tab', { name: 'Preview' }).click();

  // Delete asks first, then removes the element from the source.
  const paragraph = app.getByText('Describe what you want in the chat');
  await selectInPreview(page, paragraph, 'Paragraph in HomePage');
  await editPanel(page).getByRole('button', { name: 'Delete element' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete this paragraph?' });
  await expect(confirmDelete).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete element' }).click();
  await expect(paragraph).toBeHidden();
  await editPanel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Mugs, made by hand' })).toBeVisible();
  await expect(app.getByText('Describe what you want in the chat')).toHaveCount(0);

  // Discard asks before throwing changes away.
  await selectInPreview(
    page,
    app.getByRole('heading', { name: 'Mugs, made by hand' }),
    'Heading in HomePage',
  );
  await editPanel(page).getByRole('textbox', { name: 'Class' }).fill('title');
  await editPanel(page).getByRole('button', { name: 'Discard' }).click();
  const confirmDiscard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(confirmDiscard).toBeVisible();
  await confirmDiscard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(editPanel(page).getByRole('textbox', { name: 'Class' })).toHaveValue('title');
});

test('in edit mode the text of a list item is changed where the list is written', async ({
  page,
}) => {
  const plansApp = [
    "const PLANS = [{ name: 'Starter' }, { name: 'Pro' }, { name: 'Team' }];",
    '',
    'export function App() {',
    '  return (',
    '    <main>',
    '      <h1>Plans</h1>',
    '      <ul>',
    '        {PLANS.map((plan) => (',
    '          <li key={plan.name}>{plan.name}</li>',
    '        ))}',
    '      </ul>',
    '    </main>',
    '  );',
    '}',
    '',
  ].join('\n');
  const { projectId } = await starterProject(page, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: plansApp } }] },
    { text: 'Wrote the plans.' },
  ]);
  await appFrame(page, projectId);
  const app = previewFrame(page);
  await expect(app.getByRole('listitem').filter({ hasText: 'Pro' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await selectInPreview(page, app.getByText('Pro', { exact: true }), 'List item in App');
  await editPanel(page).getByRole('textbox', { name: 'Text' }).fill('Business');
  await editPanel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await expect(app.getByText('Business', { exact: true })).toBeVisible();
  // The list in the source changed, at the item that was shown; the others are as they were.
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByRole('treeitem', { name: 'App.tsx' }).click();
  await expect(page.getByText("{ name: 'Business' }")).toBeVisible();
  await expect(page.getByText("{ name: 'Team' }")).toBeVisible();
});

test('elements picked in the preview go with a message, and sending ends layout mode', async ({
  page,
}) => {
  const { key, projectId } = await starterProject(page);
  await queueModelReplies(key, [{ text: 'Making that heading bigger.' }]);
  await appFrame(page, projectId);
  const pick = composer(page).getByRole('button', { name: 'Select elements in the preview' });
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  await previewFrame(page).getByRole('heading', { name: 'Your app starts here' }).click();
  await expect(
    composer(page)
      .getByRole('list', { name: 'Selected elements' })
      .getByText('Heading in HomePage'),
  ).toBeVisible();

  await composer(page).getByRole('textbox', { name: 'Message' }).fill('Make this bigger');
  await composer(page).getByRole('button', { name: 'Send' }).click();
  const sent = conversation(page)
    .getByRole('article', { name: 'Your message' })
    .filter({ hasText: 'Make this bigger' });
  await expect(sent.getByRole('list', { name: 'Selected elements' })).toContainText(
    'in src/App.tsx',
  );
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await expect(conversation(page).getByText('Making that heading bigger.').first()).toBeVisible();
});

test('script in the preview cannot read Mason’s storage, call its API as the person, or navigate Mason’s window; forged messages are ignored', async ({
  page,
}) => {
  const { projectId } = await starterProject(page);
  const frame = await appFrame(page, projectId);
  const masonOrigin = new URL(page.url()).origin;
  const workspaceUrl = page.url();
  const token = await page.evaluate(() => localStorage.getItem('mason.session.token'));
  expect(token).toBeTruthy();

  const attempts = await frame.evaluate(async (mason) => {
    const result: Record<string, string> = {};
    try {
      result['parentStorage'] = String(window.parent.localStorage.getItem('mason.session.token'));
    } catch (error) {
      result['parentStorage'] = `blocked: ${(error as Error).name}`;
    }
    let own = '';
    try {
      own = localStorage.getItem('mason.session.token') ?? 'none';
    } catch {
      own = 'none';
    }
    result['ownStorage'] = own;
    try {
      const response = await fetch(`${mason}/api/users/me`, { credentials: 'include' });
      result['api'] = `status ${response.status}`;
    } catch (error) {
      result['api'] = `blocked: ${(error as Error).name}`;
    }
    try {
      window.top?.location.assign(`${mason}/settings`);
      result['top'] = 'tried';
    } catch (error) {
      result['top'] = `blocked: ${(error as Error).name}`;
    }
    return result;
  }, masonOrigin);
  expect(attempts['parentStorage']).toMatch(/^blocked/);
  expect(attempts['ownStorage']).toBe('none');
  expect(attempts['api']).not.toBe('status 200');
  // The sandbox refuses the navigation of Mason's window at once (the page stays, see the end).
  expect(attempts['top']).toMatch(/^blocked/);

  // A message that looks like the bridge's but comes from Mason's own origin is ignored.
  await page.evaluate(() => {
    window.postMessage(
      { channel: 'mason-preview-bridge/1', type: 'console', level: 'error', text: 'Forged error' },
      '*',
    );
  });
  await page.getByRole('button', { name: /^Console/ }).click();
  await expect(
    page.getByRole('list', { name: 'Console messages' }).getByText('Forged error'),
  ).toHaveCount(0);

  // A visual edit whose file path leaves the project is refused, and nothing changes.
  const refused = await page.request.post(`/api/projects/${projectId}/visual-edits`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      baseVersionId: '00000000-0000-4000-8000-000000000000',
      edits: [
        {
          selectedLayout: {
            componentName: 'App',
            filePath: '../../etc/passwd',
            line: 1,
            column: 1,
            tagName: 'p',
            page: '/',
          },
          command: 'DELETE',
        },
      ],
    },
  });
  expect(refused.status()).toBe(400);
  await expect(composer(page)).toBeVisible();
  expect(page.url()).toBe(workspaceUrl);
});
