import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, userEvent, waitFor } from 'storybook/test';
import {
  errorHandler,
  mockEndpoint,
  pendingHandler,
  recordBrowserDownloads,
  type BrowserDownloads,
} from '@mason/api-client/testing';
import { Button, FolderIcon } from '@mason/ui-kit';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { DownloadCodeButton } from './download-code-button';

/** The downloads the stories started (recorded, not saved). */
let downloads: BrowserDownloads | null = null;

/** The workspace header's actions, at the right end of a bar. */
const StyledBar = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const meta = {
  title: 'Task chat/Download code',
  component: DownloadCodeButton,
  args: { projectId: 'project-1' },
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        mockEndpoint('getProjectCode', ({ params }) => ({
          versionId: 'version-9',
          downloadUrl: `/api/projects/${params['id']}/code/download?version=version-9&token=story`,
          fileCount: 14,
          sizeBytes: 24_576,
          expiresAt: '2030-01-01T00:00:00.000Z',
        })),
      ],
    },
  },
  decorators: [
    (Story) => (
      <StyledBar>
        <Button size="sm" variant="outline" leadingIcon={<FolderIcon size={14} />}>
          Files
        </Button>
        <Story />
      </StyledBar>
    ),
    ...chatStoryDecorators({ route: '/projects/project-1', path: '/projects/:projectId' }),
  ],
  beforeEach: () => {
    downloads = recordBrowserDownloads();
    return () => downloads?.restore();
  },
} satisfies Meta<typeof DownloadCodeButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A click asks for a fresh link and starts the download of the zip. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download code' }));
    await waitFor(() => expect(downloads?.started).toHaveLength(1));
    await expect(new URL(downloads?.started[0]?.href ?? '').pathname).toBe(
      '/api/projects/project-1/code/download',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('The code is downloading.');
  },
};

/** While the server prepares the link. */
export const Preparing: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectCode')] } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download code' }));
    await expect(await canvas.findByText('Preparing…')).toBeVisible();
  },
};

/** The server failed: said in a callout below the button (which tries again), and closable. */
export const Failed: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectCode', 500)] } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. Unknown server error',
    );
    await expect(canvas.getByRole('button', { name: 'Close the message' })).toBeVisible();
    await expect(downloads?.started).toEqual([]);
  },
};
