import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import {
  anMcpServer,
  apiErrorBody,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { mcpFake } from '../test-utils/mcp-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { ProjectMcp } from './project-mcp';

const server = setupApiServer();

const DOCS = anMcpServer({ id: 'mcp-2', name: 'docs', url: 'https://docs.example.com/mcp' });

function renderSection(fake = mcpFake({ servers: [anMcpServer(), DOCS] })) {
  server.use(...fake.handlers);
  const view = renderIntegrations(<ProjectMcp projectId="project-1" mcpHref="/dashboard/mcp" />, {
    route: '/projects/project-1',
    path: '/projects/:projectId',
  });
  return { ...view, fake };
}

const section = () => within(screen.getByRole('region', { name: 'MCP servers' }));

describe('ProjectMcp', () => {
  it('says the servers are loading', () => {
    server.use(pendingHandler('getProjectMcp'));
    renderIntegrations(<ProjectMcp projectId="project-1" mcpHref="/dashboard/mcp" />);
    expect(
      section().getByText('Loading your MCP servers').closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('lists the person’s servers with a switch each: may this project’s assistant use it', async () => {
    const { user, fake } = renderSection(
      mcpFake({ servers: [anMcpServer(), DOCS], allowed: { 'project-1': ['mcp-2'] } }),
    );
    const linear = await section().findByRole('switch', { name: 'linear' });
    const docs = section().getByRole('switch', { name: 'docs' });
    expect(linear).not.toBeChecked();
    expect(linear).toHaveAccessibleDescription('Not offered to this project’s assistant.');
    expect(docs).toBeChecked();

    await user.click(linear);
    await waitFor(() => expect(linear).toBeChecked());
    await waitFor(() =>
      expect(fake.state.projectSets).toEqual([
        { projectId: 'project-1', serverIds: ['mcp-1', 'mcp-2'] },
      ]),
    );
    await waitFor(() =>
      expect(linear).toHaveAccessibleDescription('This project’s assistant may use its tools.'),
    );

    await user.keyboard(' ');
    await waitFor(() =>
      expect(fake.state.projectSets.at(-1)).toEqual({
        projectId: 'project-1',
        serverIds: ['mcp-2'],
      }),
    );
    await waitFor(() => expect(linear).not.toBeChecked());
    expect(section().getByRole('link', { name: 'MCP servers' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
  });

  it('puts a switch back when the server refuses, and the toast says why', async () => {
    const view = renderSection();
    const linear = await section().findByRole('switch', { name: 'linear' });
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    server.use(
      mockEndpoint('setProjectMcp', async () => {
        await refused;
        return HttpResponse.json(apiErrorBody(500), { status: 500 });
      }),
    );
    await view.user.click(linear);
    // On while the server answers (the next frame); off again once it refused.
    await waitFor(() => expect(linear).toBeChecked());
    refuse();
    await waitFor(() => expect(linear).not.toBeChecked());
    await waitFor(() =>
      expect(view.toasts).toEqual([expect.objectContaining({ message: 'Unknown server error' })]),
    );
  });

  it('without servers: what they are for, and the way to add one', async () => {
    renderSection(mcpFake({ servers: [] }));
    expect(await section().findByText(/You have none yet/)).toBeInTheDocument();
    expect(section().getByRole('link', { name: 'Add an MCP server' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
    expect(section().queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says why the servers could not be loaded, and tries again', async () => {
    const fake = mcpFake();
    server.use(errorHandler('getProjectMcp', 500, {}, { once: true }), ...fake.handlers);
    const view = renderIntegrations(<ProjectMcp projectId="project-1" mcpHref="/dashboard/mcp" />);
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Your MCP servers could not be loaded');
    expect(view.toasts).toEqual([]);
    await view.user.click(section().getByRole('button', { name: 'Try again' }));
    expect(await section().findByRole('switch', { name: 'linear' })).toBeInTheDocument();
  });
});
