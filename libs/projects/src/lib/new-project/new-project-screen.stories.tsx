import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  aModelsResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { STILL_GIF_NOTE } from '@mason/ui-kit';
import { drawnImageFile } from '@mason/ui-kit/testing';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { NewProjectScreen } from './new-project-screen';

const describeApp = async (canvasElement: HTMLElement, text = 'A habit tracker with streaks') => {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('textbox', { name: 'Describe the app you want' }));
  await userEvent.paste(text);
};

const meta = {
  title: 'Projects/New project',
  component: NewProjectScreen,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 900 } } },
  decorators: [
    ...projectsStoryDecorators({
      route: '/dashboard/projects/new',
      path: '/dashboard/projects/new',
    }),
  ],
} satisfies Meta<typeof NewProjectScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form: every model available, Claude Sonnet 4.5 chosen. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'New project' })).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue(
        'Claude Sonnet 4.5',
      ),
    );
  },
};

/** Describing and creating: the workspace of the new project opens. */
export const Creates: Story = {
  play: async ({ canvasElement, canvas }) => {
    await describeApp(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create project' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/projects/project-2',
    );
  },
};

/** Pressing "Create project" with no description: the contract's message, focus on the field. */
export const MissingDescription: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create project' }));
    await expect(await canvas.findByText('Describe what to build.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Describe the app you want' })).toHaveFocus();
  },
};

/** The server is still checking which models it can run. */
export const ModelsLoading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getModels')] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Checking which models this server can run…'),
    ).toBeVisible();
  },
};

/** Only the Anthropic key is set: the other models are disabled. */
export const SomeModelsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(
          'getModels',
          aModelsResponse({
            available: ['CLAUDE_SONNET_4_5', 'CLAUDE_4_SONNET', 'CLAUDE_3_7_SONNET'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('option', { name: 'GPT-5 (not set up)' })).toBeDisabled();
  },
};

/** No AI provider on this server: the setup hint says what to set. */
export const NoModelsConfigured: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getModels', aModelsResponse({ available: [] }))] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No AI model can run on this server yet')).toBeVisible();
    await expect(canvas.getByText(/Set ANTHROPIC_API_KEY/)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toBeDisabled();
  },
};

/** The model list could not be loaded: the person can check again, or create anyway. */
export const ModelsError: Story = {
  parameters: { msw: { handlers: [errorHandler('getModels', 500)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Check again' })).toBeVisible();
  },
};

/**
 * An image larger than 1568 px is scaled down in the browser, keeping its aspect ratio and
 * type: 3136 x 1000 becomes 1568 x 500.
 */
export const AttachesImages: Story = {
  play: async ({ canvas }) => {
    const wide = await drawnImageFile('wide-sketch.png', 3136, 1000);
    await userEvent.upload(canvas.getByLabelText('Attach images'), wide);
    const preview = (await canvas.findByRole('img', {
      name: 'wide-sketch.png',
    })) as HTMLImageElement;
    await waitFor(() => expect(preview.complete && preview.naturalWidth > 0).toBe(true));
    await expect([preview.naturalWidth, preview.naturalHeight]).toEqual([1568, 500]);
    await expect(preview.src.startsWith('data:image/png;base64,')).toBe(true);
    await expect(canvas.getByText('1 image attached')).toBeInTheDocument();
  },
};

/**
 * An oversized GIF stays a GIF (canvases cannot encode GIF: Mason re-encodes it), scaled down
 * the same way: 1000 x 3136 becomes 500 x 1568.
 */
export const AttachesAnOversizedGif: Story = {
  play: async ({ canvas }) => {
    const tall = await drawnImageFile('tall-sketch.gif', 1000, 3136, { type: 'image/gif' });
    await userEvent.upload(canvas.getByLabelText('Attach images'), tall);
    const preview = (await canvas.findByRole('img', {
      name: 'tall-sketch.gif',
    })) as HTMLImageElement;
    await waitFor(() => expect(preview.complete && preview.naturalWidth > 0).toBe(true));
    await expect([preview.naturalWidth, preview.naturalHeight]).toEqual([500, 1568]);
    await expect(preview.src.startsWith('data:image/gif;base64,')).toBe(true);
    await expect(canvas.getByText('1 image attached')).toBeInTheDocument();
    // A still GIF loses nothing: no note.
    await expect(canvas.queryByRole('list', { name: 'About the attached images' })).toBeNull();
  },
};

/**
 * An oversized animated GIF is scaled down the same way, but the browser decodes its first frame
 * only: it is sent as a still, and the form says so under the images.
 */
export const AttachesAnOversizedAnimatedGif: Story = {
  play: async ({ canvas }) => {
    const loop = await drawnImageFile('tall-loop.gif', 1000, 3136, {
      type: 'image/gif',
      frames: 3,
    });
    await userEvent.upload(canvas.getByLabelText('Attach images'), loop);
    const preview = (await canvas.findByRole('img', { name: 'tall-loop.gif' })) as HTMLImageElement;
    await waitFor(() => expect(preview.complete && preview.naturalWidth > 0).toBe(true));
    await expect([preview.naturalWidth, preview.naturalHeight]).toEqual([500, 1568]);
    const notes = await canvas.findByRole('list', { name: 'About the attached images' });
    await expect(notes).toHaveTextContent(`tall-loop.gif: ${STILL_GIF_NOTE}`);
    await expect(STILL_GIF_NOTE).toBe(
      'Sent as a still: a GIF scaled down to 1568 px keeps only its first frame.',
    );
  },
};

/** While the project is created: progress on the button, the form disabled. */
export const Submitting: Story = {
  parameters: { msw: { handlers: [pendingHandler('createProject')] } },
  play: async ({ canvasElement, canvas }) => {
    await describeApp(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create project' }));
    await expect(await canvas.findByRole('button', { name: /Creating project/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('textbox', { name: 'Describe the app you want' })).toBeDisabled();
  },
};

/** The server refused the description: its words under the field; the form stays as it was. */
export const SubmitError: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('createProject', 400, {
          message: 'description: That description is too long.',
          fieldErrors: { description: 'That description is too long.' },
        }),
      ],
    },
  },
  play: async ({ canvasElement, canvas }) => {
    await describeApp(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create project' }));
    await expect(await canvas.findByText('That description is too long.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create project' })).toBeEnabled();
  },
};
