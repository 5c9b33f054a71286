import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  aDeploymentResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { SAMPLE_VARIABLES, serveEnvVariables } from '../test-utils/env-variables-fakes';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { EnvVariablesScreen } from './env-variables-screen';

const meta = {
  title: 'Projects/Environment variables',
  component: EnvVariablesScreen,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 860 } },
    msw: { handlers: serveEnvVariables(SAMPLE_VARIABLES).handlers },
  },
  decorators: [
    ...projectsStoryDecorators({
      route: '/env-variables?projectId=project-1',
      path: '/env-variables',
    }),
  ],
} satisfies Meta<typeof EnvVariablesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A project's variables: keys with masked values, and where each goes. */
export const Default: Story = {
  // A fresh fake per story: the variables a story adds or deletes stay in it.
  parameters: { msw: { handlers: serveEnvVariables(SAMPLE_VARIABLES).handlers } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Environment variables of Todo app' }),
    ).toBeVisible();
    const greeting = await canvas.findByRole('listitem', { name: 'VITE_GREETING' });
    await expect(
      within(greeting).getByText('Visible in the app (built into its code)'),
    ).toBeVisible();
    await expect(canvas.queryByText('Hello from the settings')).toBeNull();
  },
};

/** The same, in the light theme. */
export const Light: Story = {
  parameters: Default.parameters,
  globals: { theme: 'light' },
  play: Default.play,
};

/** One value shown with its toggle. */
export const ValueShown: Story = {
  parameters: { msw: { handlers: serveEnvVariables(SAMPLE_VARIABLES).handlers } },
  play: async ({ canvas }) => {
    const greeting = await canvas.findByRole('listitem', { name: 'VITE_GREETING' });
    await userEvent.click(
      within(greeting).getByRole('button', { name: 'Show value of VITE_GREETING' }),
    );
    await expect(within(greeting).getByText('Hello from the settings')).toBeVisible();
  },
};

/** A key the contract refuses: its message shows next to the field. */
export const BadKey: Story = {
  parameters: { msw: { handlers: serveEnvVariables(SAMPLE_VARIABLES).handlers } },
  play: async ({ canvas }) => {
    await canvas.findByRole('listitem', { name: 'VITE_GREETING' });
    const form = canvas.getByRole('form', { name: 'Add a variable' });
    await userEvent.type(within(form).getByLabelText('Key'), '1ST-KEY');
    await userEvent.click(within(form).getByRole('button', { name: 'Save variable' }));
    await expect(
      await within(form).findByText(
        'Use letters, digits and underscores, not starting with a digit.',
      ),
    ).toBeVisible();
  },
};

/** A value changed while the app is published: the screen offers to publish again. */
export const PublishedAfterChange: Story = {
  parameters: {
    msw: {
      handlers: [
        ...serveEnvVariables(SAMPLE_VARIABLES).handlers,
        mockEndpoint('getDeployment', aDeploymentResponse()),
      ],
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('listitem', { name: 'VITE_GREETING' });
    const form = canvas.getByRole('form', { name: 'Add a variable' });
    await userEvent.type(within(form).getByLabelText('Key'), 'VITE_GREETING');
    await userEvent.type(within(form).getByLabelText('Value'), 'Good evening');
    await userEvent.click(within(form).getByRole('button', { name: 'Save variable' }));
    await expect(
      await canvas.findByText('Your published app still uses the old values.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Publish again' })).toBeVisible();
  },
};

/** Deleting asks first. */
export const ConfirmDelete: Story = {
  parameters: { msw: { handlers: serveEnvVariables(SAMPLE_VARIABLES).handlers } },
  play: async ({ canvas, canvasElement }) => {
    const secret = await canvas.findByRole('listitem', { name: 'STRIPE_SECRET_KEY' });
    await userEvent.click(within(secret).getByRole('button', { name: 'Delete STRIPE_SECRET_KEY' }));
    // The dialog is in a portal, outside the story's root.
    const page = within(canvasElement.ownerDocument.body);
    await waitFor(() =>
      expect(page.getByRole('alertdialog', { name: 'Delete STRIPE_SECRET_KEY?' })).toBeVisible(),
    );
  },
};

/** No variables yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: serveEnvVariables([]).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No variables yet' })).toBeVisible();
  },
};

/** The variables are on their way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getEnvVariables')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the variables…')).toBeVisible();
  },
};

/** The variables could not be loaded: the person can try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getEnvVariables', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The variables could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** No project named in the address: the person's projects, to choose one. */
export const NoProject: Story = {
  parameters: { providers: { route: '/env-variables' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Todo app' })).toBeVisible();
  },
};
