import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import { anMcpServer, errorHandler, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { mcpFake } from '../test-utils/mcp-fake';
import { ProjectMcp } from './project-mcp';

/** As wide as the project Settings dialog. */
const StyledFrame = styled.div`
  max-width: 472px;
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: 0 ${({ theme }) => theme.space[4]};
`;

const DOCS = anMcpServer({ id: 'mcp-2', name: 'docs', url: 'https://docs.example.com/mcp' });

const meta = {
  title: 'Integrations/Project MCP servers',
  component: ProjectMcp,
  args: { projectId: 'project-1', mcpHref: '/dashboard/mcp' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StyledFrame>
        <Story />
      </StyledFrame>
    ),
    withStoryProviders({
      route: '/projects/project-1',
      path: '/projects/:projectId',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof ProjectMcp>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'MCP servers' }));

/** Two servers, one allowed: a switch turns the other on. */
export const Default: Story = {
  parameters: {
    msw: {
      handlers: mcpFake({ servers: [anMcpServer(), DOCS], allowed: { 'project-1': ['mcp-2'] } })
        .handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const linear = await region(canvasElement).findByRole('switch', { name: 'linear' });
    await expect(region(canvasElement).getByRole('switch', { name: 'docs' })).toBeChecked();
    await userEvent.click(linear);
    await waitFor(() => expect(linear).toBeChecked());
  },
};

/** No servers yet: what they are for, and the way to add one. */
export const NoServers: Story = {
  parameters: { msw: { handlers: mcpFake({ servers: [] }).handlers } },
  play: async ({ canvasElement }) => {
    await expect(
      await region(canvasElement).findByRole('link', { name: 'Add an MCP server' }),
    ).toBeVisible();
  },
};

/** The servers are being asked for. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectMcp')] } },
  play: async ({ canvasElement }) => {
    await expect(region(canvasElement).getByText('Loading your MCP servers')).toBeInTheDocument();
  },
};

/** They could not be loaded: why, and "Try again". */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectMcp', 500)] } },
  play: async ({ canvasElement }) => {
    await expect(await region(canvasElement).findByRole('alert')).toHaveTextContent(
      'Your MCP servers could not be loaded',
    );
  },
};
