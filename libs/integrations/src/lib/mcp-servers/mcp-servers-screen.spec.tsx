import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { anMcpServer, errorHandler, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { MCP_WINDOW_CHANNEL } from '../mcp-callback/mcp-window-messages';
import { mcpFake } from '../test-utils/mcp-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { McpServersScreen } from './mcp-servers-screen';

const server = setupApiServer();

/** The screen on `fake`; `overrides` answer before it (a failure of one call). */
function renderScreen(fake = mcpFake(), ...overrides: HttpHandler[]) {
  server.use(...overrides, ...fake.handlers);
  const openExternalUrl = jest.fn();
  const view = renderIntegrations(<McpServersScreen openExternalUrl={openExternalUrl} />, {
    route: '/dashboard/mcp',
    path: '/dashboard/mcp',
  });
  return { ...view, fake, openExternalUrl };
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const policyGroup = (name: string, tool: string) =>
  card(name).getByRole('group', { name: `What the assistant may do with ${tool}` });

/** Opens the add form and fills its name and address. */
async function startAdding(
  view: ReturnType<typeof renderScreen>,
  name: string,
  url = 'https://mcp.example.com/mcp',
) {
  await view.user.click(await screen.findByRole('button', { name: 'Add a server' }));
  const form = within(await screen.findByRole('form', { name: 'Add an MCP server' }));
  // The form opens on its first field.
  expect(form.getByLabelText('Name')).toHaveFocus();
  if (name) await view.user.type(form.getByLabelText('Name'), name);
  if (url) await view.user.type(form.getByLabelText('Address'), url);
  return form;
}

describe('McpServersScreen', () => {
  it('says the servers are loading', () => {
    server.use(pendingHandler('getMcpServers'));
    renderIntegrations(<McpServersScreen openExternalUrl={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'MCP servers' })).toBeInTheDocument();
    expect(screen.getByText('Loading your MCP servers').closest('[role="status"]')).not.toBeNull();
  });

  it('without servers: says what they are for, and offers to add one', async () => {
    renderScreen(mcpFake({ servers: [] }));
    expect(await screen.findByRole('heading', { name: 'No MCP servers yet' })).toBeInTheDocument();
    expect(screen.getByText(/gives the assistant tools from outside Mason/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a server' })).toBeEnabled();
  });

  it('says why the servers could not be loaded, and tries again', async () => {
    const view = renderScreen(mcpFake(), errorHandler('getMcpServers', 500, {}, { once: true }));
    expect(
      await screen.findByRole('heading', { name: 'Your MCP servers could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Unknown server error')).toBeInTheDocument();
    // The screen says it in place: no toast on top.
    expect(view.toasts).toEqual([]);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'linear' })).toBeInTheDocument();
  });

  it('shows each server with its address, sign-in and tools, and each tool’s policy', async () => {
    renderScreen();
    const linear = await screen.findByRole('article', { name: 'linear' });
    expect(within(linear).getByRole('heading', { level: 2, name: 'linear' })).toBeInTheDocument();
    expect(within(linear).getByText('Connected')).toBeInTheDocument();
    expect(within(linear).getByText('https://mcp.linear.app/mcp')).toBeInTheDocument();
    expect(within(linear).getByText('Headers (Authorization)')).toBeInTheDocument();
    const tools = within(within(linear).getByRole('list', { name: 'Tools of linear' }));
    expect(tools.getAllByRole('listitem')).toHaveLength(3);
    expect(tools.getByText('Find issues by text, team or state.')).toBeInTheDocument();
    expect(
      within(policyGroup('linear', 'Search issues')).getByRole('radio', { name: 'Always' }),
    ).toBeChecked();
    expect(
      within(policyGroup('linear', 'Create issue')).getByRole('radio', { name: 'Ask' }),
    ).toBeChecked();
    // A tool without a title goes by its name.
    expect(
      within(policyGroup('linear', 'delete_issue')).getByRole('radio', { name: 'Never' }),
    ).toBeChecked();
  });

  it('sets a tool’s policy with a click, and with the arrow keys', async () => {
    const view = renderScreen();
    await screen.findByRole('article', { name: 'linear' });
    const group = within(policyGroup('linear', 'Create issue'));

    // The choice shows on the next frame (RTK Query batches its cache updates), before the
    // server answers.
    await view.user.click(group.getByRole('radio', { name: 'Never' }));
    await waitFor(() => expect(group.getByRole('radio', { name: 'Never' })).toBeChecked());
    await waitFor(() =>
      expect(view.fake.state.policies).toEqual([
        { id: 'mcp-1', tool: 'create_issue', policy: 'NEVER' },
      ]),
    );

    await view.user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(group.getByRole('radio', { name: 'Ask' })).toBeChecked());
    await waitFor(() => expect(view.fake.state.policies.at(-1)?.policy).toBe('ASK'));
    expect(
      view.fake.state.servers[0]?.tools.find(({ name }) => name === 'create_issue'),
    ).toMatchObject({ policy: 'ASK' });
  });

  it('adds a server with a secret header: it lists its tools, and the new card takes focus', async () => {
    const view = renderScreen();
    await screen.findByRole('article', { name: 'linear' });
    const form = await startAdding(view, 'github', 'https://api.githubcopilot.com/mcp/');

    await view.user.click(form.getByRole('button', { name: 'Add a header' }));
    await view.user.type(form.getByLabelText('Name of header 1'), 'Authorization');
    const value = form.getByLabelText('Value of header 1');
    expect(value).toHaveAttribute('type', 'password');
    await view.user.type(value, 'Bearer ghp_secret');
    await view.user.click(form.getByRole('button', { name: 'Add the server' }));

    const github = await screen.findByRole('article', { name: 'github' });
    expect(view.fake.state.created).toEqual([
      {
        name: 'github',
        url: 'https://api.githubcopilot.com/mcp/',
        headers: [{ name: 'Authorization', value: 'Bearer ghp_secret' }],
      },
    ]);
    expect(within(github).getByText('Headers (Authorization)')).toBeInTheDocument();
    expect(within(github).getByRole('list', { name: 'Tools of github' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(github).getByRole('heading', { name: 'github' })).toHaveFocus(),
    );
    expect(screen.getByText('github is added. It lists 3 tools.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add an MCP server' })).not.toBeInTheDocument();
  });

  it('checks the form before sending it, in the contract’s words at each field', async () => {
    const view = renderScreen();
    await screen.findByRole('article', { name: 'linear' });
    const form = await startAdding(view, 'My Server', 'not an address');
    await view.user.click(form.getByRole('button', { name: 'Add a header' }));
    await view.user.click(form.getByRole('button', { name: 'Add the server' }));

    expect(form.getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('Use lowercase letters, digits and hyphens, starting with a letter.'),
    );
    expect(form.getByLabelText('Name')).toHaveFocus();
    expect(form.getByLabelText('Address')).toHaveAccessibleDescription(
      expect.stringContaining('Give the address as https://…'),
    );
    expect(form.getByLabelText('Name of header 1')).toHaveAccessibleDescription(
      expect.stringContaining('Give the header a name.'),
    );
    expect(form.getByLabelText('Value of header 1')).toHaveAccessibleDescription(
      expect.stringContaining('Give the header a value.'),
    );
    expect(view.fake.state.created).toEqual([]);
  });

  it.each([
    [
      'name',
      'linear',
      'https://mcp.example.com/mcp',
      'Name',
      'You already have a server named linear.',
    ],
    [
      'address',
      'intranet',
      'http://10.0.0.5/mcp',
      'Address',
      'That address is on a private network, which Mason does not reach.',
    ],
  ])(
    'shows the server’s refusal of the %s at its field, without a toast',
    async (_, name, url, label, message) => {
      const view = renderScreen();
      await screen.findByRole('article', { name: 'linear' });
      const form = await startAdding(view, name, url);
      await view.user.click(form.getByRole('button', { name: 'Add the server' }));

      await waitFor(() =>
        expect(form.getByLabelText(label)).toHaveAccessibleDescription(
          expect.stringContaining(message),
        ),
      );
      expect(form.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(form.getByLabelText(label)).toHaveFocus();
      expect(view.toasts).toEqual([]);
    },
  );

  it('says a refusal that names no field above the buttons', async () => {
    const view = renderScreen(
      mcpFake(),
      errorHandler('createMcpServer', 400, {
        message: 'The server at that address does not answer as an MCP server.',
      }),
    );
    await screen.findByRole('article', { name: 'linear' });
    const form = await startAdding(view, 'docs');
    await view.user.click(form.getByRole('button', { name: 'Add the server' }));
    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('The server was not added');
    expect(alert).toHaveTextContent('The server at that address does not answer as an MCP server.');
  });

  it('adds an OAuth server and sends the browser to its sign-in page', async () => {
    const view = renderScreen();
    await screen.findByRole('article', { name: 'linear' });
    const form = await startAdding(view, 'notion', 'https://mcp.notion.com/mcp');
    await view.user.click(form.getByRole('switch', { name: 'Sign in with OAuth' }));
    expect(form.queryByRole('button', { name: 'Add a header' })).not.toBeInTheDocument();
    await view.user.click(form.getByRole('button', { name: 'Add and sign in' }));

    await waitFor(() =>
      expect(view.openExternalUrl).toHaveBeenCalledWith(
        'https://mcp.notion.com/authorize?client_id=mason&state=mcp-state-1&code_challenge=challenge-1',
      ),
    );
    expect(view.fake.state.created).toEqual([
      { name: 'notion', url: 'https://mcp.notion.com/mcp', oauth: true },
    ]);
  });

  it('cancels adding, and focus goes back to “Add a server”', async () => {
    const view = renderScreen();
    await screen.findByRole('article', { name: 'linear' });
    const form = await startAdding(view, 'docs');
    await view.user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add an MCP server' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a server' })).toHaveFocus());
    expect(view.fake.state.created).toEqual([]);
  });

  it('asks to authorize an OAuth server Mason holds no token for, and goes to its sign-in', async () => {
    const view = renderScreen(
      mcpFake({
        servers: [
          anMcpServer({
            id: 'mcp-2',
            name: 'notion',
            url: 'https://mcp.notion.com/mcp',
            authKind: 'OAUTH',
            headerNames: [],
            authorized: false,
            tools: [],
            toolsListedAt: null,
          }),
        ],
      }),
    );
    const notion = await screen.findByRole('article', { name: 'notion' });
    expect(within(notion).getByText('Not authorized')).toBeInTheDocument();
    expect(within(notion).getByText('OAuth')).toBeInTheDocument();
    expect(within(notion).getByText('Mason is not signed in to notion yet')).toBeInTheDocument();
    await view.user.click(within(notion).getByRole('button', { name: 'Authorize' }));
    await waitFor(() =>
      expect(view.openExternalUrl).toHaveBeenCalledWith(
        'https://mcp.notion.com/authorize?client_id=mason&state=mcp-state-1&code_challenge=challenge-1',
      ),
    );
  });

  it('says why a server’s tools could not be listed, and lists them again', async () => {
    const fake = mcpFake({
      servers: [
        anMcpServer({
          tools: [],
          lastError: 'The server did not answer within 10 seconds.',
        }),
      ],
    });
    const view = renderScreen(fake);
    const linear = await screen.findByRole('article', { name: 'linear' });
    expect(within(linear).getByText('Cannot be reached')).toBeInTheDocument();
    const alert = within(linear).getByRole('alert');
    expect(alert).toHaveTextContent('Its tools could not be listed');
    expect(alert).toHaveTextContent('The server did not answer within 10 seconds.');

    await view.user.click(within(alert).getByRole('button', { name: 'List tools again' }));
    expect(
      await within(linear).findByRole('list', { name: 'Tools of linear' }),
    ).toBeInTheDocument();
    expect(within(linear).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(linear).getByText('Connected')).toBeInTheDocument();
    expect(fake.state.refreshed).toEqual(['mcp-1']);
  });

  it('renames a server and replaces its headers; the card takes focus again', async () => {
    const view = renderScreen();
    const linear = await screen.findByRole('article', { name: 'linear' });
    await view.user.click(within(linear).getByRole('button', { name: 'Edit linear' }));
    const form = within(await screen.findByRole('form', { name: 'Change linear' }));
    expect(form.getByText(/Mason sends the headers Authorization/)).toBeInTheDocument();
    expect(form.queryByLabelText('Value of header 1')).not.toBeInTheDocument();

    await view.user.clear(form.getByLabelText('Name'));
    await view.user.type(form.getByLabelText('Name'), 'linear-work');
    await view.user.click(form.getByRole('button', { name: 'Replace the headers' }));
    expect(form.getByLabelText('Name of header 1')).toHaveValue('Authorization');
    await view.user.type(form.getByLabelText('Value of header 1'), 'Bearer lin_new');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    const renamed = await screen.findByRole('article', { name: 'linear-work' });
    expect(view.fake.state.updated).toEqual([
      {
        id: 'mcp-1',
        name: 'linear-work',
        headers: [{ name: 'Authorization', value: 'Bearer lin_new' }],
      },
    ]);
    await waitFor(() =>
      expect(within(renamed).getByRole('heading', { name: 'linear-work' })).toHaveFocus(),
    );
  });

  it('saves nothing when the edit changed nothing, and focus goes back to Edit', async () => {
    const view = renderScreen();
    const linear = await screen.findByRole('article', { name: 'linear' });
    await view.user.click(within(linear).getByRole('button', { name: 'Edit linear' }));
    const form = within(await screen.findByRole('form', { name: 'Change linear' }));
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'linear' })).getByRole('button', {
          name: 'Edit linear',
        }),
      ).toHaveFocus(),
    );
    expect(view.fake.state.updated).toEqual([]);
  });

  it('removes a server only after a confirmation', async () => {
    const view = renderScreen();
    const linear = await screen.findByRole('article', { name: 'linear' });

    await view.user.click(within(linear).getByRole('button', { name: 'Remove linear' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove linear?' });
    expect(dialog).toHaveTextContent('no project’s assistant can use its tools any more');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(view.fake.state.deleted).toEqual([]);

    await view.user.click(within(linear).getByRole('button', { name: 'Remove linear' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove linear?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByRole('heading', { name: 'No MCP servers yet' })).toBeInTheDocument();
    expect(view.fake.state.deleted).toEqual(['mcp-1']);
    expect(screen.getByText('linear is removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a server' })).toHaveFocus());
  });

  it('shows a server signed in to in a popup as soon as the popup says so', async () => {
    const fake = mcpFake();
    renderScreen(fake);
    await screen.findByRole('article', { name: 'linear' });

    const notion = anMcpServer({ id: 'mcp-9', name: 'notion', authKind: 'OAUTH', headerNames: [] });
    fake.state.servers.push(notion);
    const channel = new BroadcastChannel(MCP_WINDOW_CHANNEL);
    channel.postMessage({ id: 'popup-1', type: 'mason:mcp-connected', server: notion });
    channel.close();

    expect(await screen.findByRole('article', { name: 'notion' })).toBeInTheDocument();
  });
});
