import { expect, test, type Page } from '@playwright/test';
import { startMcpTestServer, type McpTestServer } from '@mason/server-mcp/testing';
import { createProject, queueModelReplies, signedIn } from './support';

// Tools from a person's MCP server, in Chromium against the real server: a real MCP server made
// with the official SDK on loopback (the shared Mason runs with MCP_ALLOW_LOOPBACK), added on
// /dashboard/mcp, a tool set to ask, allowed for a project, and its call approved from the chat.

let mcp: McpTestServer;
test.beforeAll(async () => {
  mcp = await startMcpTestServer();
});
test.afterAll(async () => {
  await mcp?.stop();
});

const composer = (page: Page) => page.getByRole('form', { name: 'Message the assistant' });

test('add an MCP server, ask before a tool, approve its call from its card and see the turn finish', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/dashboard/mcp');
  await expect(page.getByText('No MCP servers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add a server' }).click();
  const form = page.getByRole('region', { name: 'Add an MCP server' });
  await form.getByLabel('Name').fill('notes');
  await form.getByLabel('Address').fill(mcp.url);
  await form.getByRole('button', { name: 'Add the server' }).click();

  const card = page.getByRole('article', { name: 'notes' });
  await expect(card.getByText('Adds a note to the list.')).toBeVisible();
  const addNote = card.getByRole('group', { name: 'What the assistant may do with Add a note' });
  // Every tool asks first until the person says otherwise; listing notes may run unasked.
  await expect(addNote.getByRole('radio', { name: 'Ask' })).toBeChecked();
  const listNotes = card.getByRole('group', { name: 'What the assistant may do with list_notes' });
  // The radios are drawn as a segmented control: a person clicks its label.
  await listNotes.getByText('Always', { exact: true }).click();
  await expect(listNotes.getByRole('radio', { name: 'Always' })).toBeChecked();

  const key = `mcp-e2e-${Date.now()}`;
  await queueModelReplies(key, [{ text: 'The notes app is ready.' }]);
  await createProject(page, `A ${key} notes app`);
  await expect(page.getByText('The notes app is ready.')).toBeVisible();

  await page.getByRole('button', { name: 'Project settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Project settings' });
  const allowed = settings
    .getByRole('list', { name: 'MCP servers this project may use' })
    .getByRole('switch', { name: 'notes' });
  await expect(allowed).not.toBeChecked();
  await allowed.check();
  await expect(allowed).toBeChecked();
  await page.keyboard.press('Escape');

  await queueModelReplies(key, [
    { toolCalls: [{ name: 'mcp__notes__add_note', input: { text: 'Buy <b>milk</b>' } }] },
    { text: 'I saved your note.' },
  ]);
  await composer(page).getByRole('textbox', { name: 'Message' }).fill('Remember to buy milk');
  await composer(page).getByRole('button', { name: 'Send' }).click();

  const approval = page.getByRole('region', { name: 'The assistant asks to use a tool' });
  await expect(approval).toBeVisible();
  await expect(approval.getByText('notes', { exact: true })).toBeVisible();
  await expect(approval.getByText('add_note', { exact: true })).toBeVisible();
  // The arguments are shown as text: the markup in them is not rendered.
  await expect(approval.getByRole('region', { name: 'Arguments of add_note' })).toHaveText(
    JSON.stringify({ text: 'Buy <b>milk</b>' }, null, 2),
  );
  expect(mcp.notes).not.toContain('Buy <b>milk</b>');

  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('I saved your note.')).toBeVisible();
  expect(mcp.notes).toContain('Buy <b>milk</b>');
  await expect(approval.getByText('Approved: the tool ran once.')).toBeVisible();
});
