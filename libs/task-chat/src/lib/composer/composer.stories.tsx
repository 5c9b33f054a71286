import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { aModelsResponse, mockEndpoint } from '@mason/api-client/testing';
import { STILL_GIF_NOTE } from '@mason/ui-kit';
import { drawnImageFile } from '@mason/ui-kit/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { Composer } from './composer';

const meta = {
  title: 'Task chat/Composer',
  component: Composer,
  args: { taskId: 'task-1', projectId: 'project-1', blockedReason: null, onSent: fn() },
  decorators: [
    ...chatStoryDecorators(),
    (Story) => (
      <div style={{ maxWidth: 520, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enter sends, Shift+Enter adds a line. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Message'), 'Make the header blue{Enter}');
    await waitFor(() => expect(args.onSent).toHaveBeenCalled());
  },
};

/** Nothing is sent while the assistant works; the reason is given. */
export const Blocked: Story = {
  args: { blockedReason: 'The assistant is working. Wait for it, or pause it.' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText('Message'), 'And a footer');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** Some models are not set up on this server: offered, but disabled. */
export const SomeModelsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getModels', aModelsResponse({ available: ['CLAUDE_SONNET_4_5', 'GPT_5'] })),
      ],
    },
  },
};

/** No model is set up: the hint says what to configure. */
export const NoModels: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getModels', aModelsResponse({ available: [] }))] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('note')).toHaveTextContent(/No AI model is configured/);
  },
};

/** The offline demo model: a short note, what to set on the server behind its link. */
export const DemoModel: Story = {
  parameters: {
    msw: {
      handlers: [mockEndpoint('getModels', aModelsResponse({ available: [], demo: true }))],
    },
  },
  play: async ({ canvas }) => {
    const note = await canvas.findByRole('note');
    await expect(note).toHaveTextContent(/^Demo \(offline\) builds a small checklist app/);
    await userEvent.click(canvas.getByRole('button', { name: 'How to use a real model' }));
    await expect(canvas.getByText(/No AI model is configured/)).toBeVisible();
  },
};

/**
 * An animated GIF larger than 1568 px is scaled down to a still of its first frame (the browser
 * decodes no more): its chip says so, and it is sent all the same.
 */
export const AttachesAnOversizedAnimatedGif: Story = {
  play: async ({ canvas, args }) => {
    const loop = await drawnImageFile('screen-recording.gif', 2400, 1200, {
      type: 'image/gif',
      frames: 3,
    });
    await userEvent.upload(canvas.getByLabelText('Attach images'), loop);
    const chips = canvas.getByRole('list', { name: 'Attachments' });
    await waitFor(() => expect(chips).toHaveTextContent(`screen-recording.gif${STILL_GIF_NOTE}`));
    await userEvent.type(canvas.getByLabelText('Message'), 'Make it look like this{Enter}');
    await waitFor(() => expect(args.onSent).toHaveBeenCalled());
  },
};
