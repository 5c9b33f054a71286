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
import { Button, FileIcon } from '@mason/ui-kit';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { DownloadCodeButton } from './download-code-button';

/** The downloads the stories started (recorded, not saved). */
let downloads: BrowserDownloads | null = null;

/** A project card's row of actions, as the dashboard lays it out. */
const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 26rem;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};

  > :last-child {
    margin-left: auto;
  }
`;

const meta = {
  title: 'Projects/Download code',
  component: DownloadCodeButton,
  args: { project: { id: 'project-1', name: 'Mug shop' } },
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getProjectCode', ({ params }) => ({
          versionId: 'version-4',
          downloadUrl: `/api/projects/${params['id']}/code/download?version=version-4&token=story`,
          fileCount: 14,
          sizeBytes: 24_576,
          expiresAt: '2030-01-01T00:00:00.000Z',
        })),
      ],
    },
  },
  decorators: [
    (Story) => (
      <StyledRow>
        <Button size="sm">Open</Button>
        <Button size="sm" variant="ghost" leadingIcon={<FileIcon />}>
          Files
        </Button>
        <Story />
        <Button size="sm" variant="ghost">
          Delete
        </Button>
      </StyledRow>
    ),
    ...projectsStoryDecorators({ route: '/dashboard/projects', path: '/dashboard/projects' }),
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
    await userEvent.click(canvas.getByRole('button', { name: 'Download the code of Mug shop' }));
    await waitFor(() => expect(downloads?.started).toHaveLength(1));
    await expect(new URL(downloads?.started[0]?.href ?? '').pathname).toBe(
      '/api/projects/project-1/code/download',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'The code of Mug shop is downloading.',
    );
  },
};

/** While the server prepares the link. */
export const Preparing: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectCode')] } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download the code of Mug shop' }));
    await expect(await canvas.findByText('Preparing…')).toBeVisible();
  },
};

/** The project has no files yet (or the server failed): said on a line of its own. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('getProjectCode', 404, { message: 'This project has no files yet.' }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download the code of Mug shop' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. This project has no files yet.',
    );
    await expect(downloads?.started).toEqual([]);
  },
};
