import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { UserMessage } from './user-message';

/** A small picture in place of an uploaded sketch, drawn inline so no request leaves the story. */
const SKETCH =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="#6366f1"/><rect x="16" y="16" width="128" height="16" fill="#e0e7ff"/></svg>',
  );

const meta = {
  title: 'Task chat/Entries/Your message',
  component: UserMessage,
  decorators: entryStoryDecorators(),
  args: { log: aTaskLog('USER_MESSAGE', { content: 'Add a dark mode toggle to the header' }) },
} satisfies Meta<typeof UserMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Text only, as typed (line breaks kept). */
export const Text: Story = {
  play: async ({ canvas }) => {
    const message = canvas.getByRole('article', { name: 'Your message' });
    await expect(message).toHaveTextContent('Add a dark mode toggle to the header');
  },
};

/** With an image, a file and two elements picked in the preview. */
export const WithAttachments: Story = {
  args: {
    log: aTaskLog('USER_MESSAGE', {
      content: 'Make the header look like the sketch, and follow the brief.',
      payload: {
        images: [{ mediaType: 'image/png', url: SKETCH }],
        staticFiles: [{ id: 'file-1', fileName: 'brief.md' }],
        selectedComponents: [
          {
            componentName: 'Header',
            filePath: 'src/Header.tsx',
            filePart: '<header>',
            page: '/',
            line: 4,
          },
          { componentName: 'Logo', filePath: 'src/Logo.tsx', filePart: '<img>', page: '/' },
        ],
        currentPage: '/',
        model: 'CLAUDE_SONNET_4_5',
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Attached image 1' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Attached files' })).toHaveTextContent(
      'brief.md',
    );
    const elements = canvas.getByRole('list', { name: 'Selected elements' });
    await expect(within(elements).getAllByRole('listitem')).toHaveLength(2);
    await expect(elements).toHaveTextContent('<Header>in src/Header.tsx');
  },
};
