import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DeploymentResponse } from '@mason/contract';
import {
  aBackupBeforeRestore,
  aProductionBackup,
  aProjectDatabase,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { publishingStoryDecorators } from '../../test-utils/publishing-story';
import {
  APP_URL,
  BUILD_LOG,
  aDeploymentOf,
  aPublishing,
  fakePublishing,
} from '../../test-utils/publishing-fake';
import { PublishControl } from './publish-control';

/** The publishing calls answered from one state, reset before the story (a story replays). */
function publishing(initial: DeploymentResponse) {
  const { fake, handlers } = fakePublishing(initial);
  return {
    beforeEach: () => fake.set(initial),
    parameters: { msw: { handlers } },
  };
}

const meta = {
  title: 'Publishing/Publish',
  component: PublishControl,
  args: { projectId: 'project-1' },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 760 } } },
  decorators: [
    (Story) => (
      // Where it lives: the end of the workspace header.
      <div
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          gap: 8,
          padding: '10px 16px',
          borderBottom: '1px solid rgba(127,127,127,0.3)',
        }}
      >
        <Story />
      </div>
    ),
    ...publishingStoryDecorators({ route: '/projects/project-1', path: '/projects/:projectId' }),
  ],
} satisfies Meta<typeof PublishControl>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the dialog from the header's button once it has stopped loading. */
async function openDialog(canvas: ReturnType<typeof within>, name: string | RegExp) {
  const trigger = await canvas.findByRole('button', { name });
  await waitFor(() => expect(trigger).not.toHaveAttribute('aria-busy'));
  await userEvent.click(trigger);
  const dialog = await within(document.body).findByRole('dialog', { name: 'Publish' });
  // It fades in.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Never published: "Publish" builds the newest version, and the progress shows at once. */
export const NotPublished: Story = {
  ...publishing(aPublishing([])),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Publish'));
    await expect(dialog.getByText(/Publish version 1 to a public address/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    await expect(await dialog.findByText('Publishing version 1…')).toBeVisible();
  },
};

/** A new version is building; the live one keeps serving meanwhile (asked again every 2 s). */
export const Building: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(
          'getDeployment',
          aPublishing([aDeploymentOf(2, 'BUILDING'), aDeploymentOf(1, 'LIVE')]),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Publishing…'));
    await expect(dialog.getByText('Publishing version 2…')).toBeVisible();
    await expect(
      dialog.getByText(/Version 1 stays live until the new build succeeds/),
    ).toBeVisible();
  },
};

/** Live: the address with Copy and Open, and the history. */
export const Live: Story = {
  ...publishing(aPublishing([aDeploymentOf(1, 'LIVE')])),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Published'));
    await expect(dialog.getByText('Your app is live')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Open the app in a new tab' })).toHaveAttribute(
      'href',
      APP_URL,
    );
    await expect(dialog.getByRole('button', { name: 'Copy the address' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  },
};

/**
 * Live with Mason's built-in database: its backups (one before each publish that changed it, one
 * before each restore), and Restore after a question.
 */
export const LiveWithDatabaseBackups: Story = {
  parameters: {
    msw: {
      handlers: [
        ...fakePublishing(aPublishing([aDeploymentOf(2, 'LIVE'), aDeploymentOf(1, 'SUPERSEDED')]))
          .handlers,
        mockEndpoint('getProjectDatabase', { database: aProjectDatabase() }),
        mockEndpoint('getProductionBackups', {
          backups: [aBackupBeforeRestore({ bytes: 52_000_000 }), aProductionBackup()],
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Published'));
    const backups = within(await dialog.findByRole('list', { name: 'Database backups' }));
    await expect(backups.getByText('Before version 2 was published')).toBeVisible();
    await expect(backups.getByText('Before a restore')).toBeVisible();
    await userEvent.click(
      backups.getByRole('button', {
        name: 'Restore the database as it was before version 2 was published',
      }),
    );
    const question = await within(document.body).findByRole('alertdialog', {
      name: "Restore the published app's database?",
    });
    await expect(question).toHaveTextContent(/so you can undo this here/);
  },
};

/** Newer versions than the live one: "Update" in the header and in the dialog. */
export const LiveWithUpdate: Story = {
  ...publishing(aPublishing([aDeploymentOf(1, 'LIVE')], { latestVersionIndex: 3 })),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Update'));
    await userEvent.click(dialog.getByRole('button', { name: 'Update to version 3' }));
    await expect(await dialog.findByText('Publishing version 3…')).toBeVisible();
  },
};

/** The build failed: why, the build log, and "Try again"; the earlier version is still live. */
export const Failed: Story = {
  ...publishing(
    aPublishing(
      [
        aDeploymentOf(2, 'FAILED', {
          error: 'The production build stopped with 2 errors.',
          buildLog: BUILD_LOG,
        }),
        aDeploymentOf(1, 'LIVE'),
      ],
      { latestVersionIndex: 2 },
    ),
  ),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Publish failed'));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Publishing version 2 failed');
    await userEvent.click(dialog.getByText('Build log (2 lines)'));
    await expect(dialog.getByText(/Could not resolve/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The history: an earlier deployment is served again after a confirm. */
export const HistoryWithRollback: Story = {
  ...publishing(
    aPublishing([
      aDeploymentOf(3, 'LIVE'),
      aDeploymentOf(2, 'FAILED'),
      aDeploymentOf(1, 'SUPERSEDED'),
    ]),
  ),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Published'));
    await userEvent.click(dialog.getByRole('button', { name: 'Roll back to version 1' }));
    const question = within(document.body).getByRole('alertdialog', {
      name: 'Roll back to version 1?',
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(dialog.getByText(/Version 1, published/)).toBeVisible());
  },
};

/** Changing the app's name: the rules of a name, and the 30-day redirect. */
export const ChangingTheName: Story = {
  ...publishing(aPublishing([aDeploymentOf(1, 'LIVE')])),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Published'));
    await userEvent.click(dialog.getByRole('button', { name: 'Change the name' }));
    const field = dialog.getByRole('textbox', { name: 'App name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'admin');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog.getByText('That name is reserved. Choose another.')).toBeVisible();
    await expect(dialog.getByText(/redirecting to the new one for 30 days/)).toBeVisible();
  },
};

/** Offline after "Unpublish": publish again, or roll back. */
export const Offline: Story = {
  ...publishing(aPublishing([aDeploymentOf(1, 'OFFLINE')])),
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Publish'));
    await expect(dialog.getByText(/The app is offline/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Roll back to version 1' })).toBeVisible();
  },
};

/** Waiting for the server: the button says so. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getDeployment')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Publish/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The state could not be loaded: the dialog says so and offers to try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getDeployment', 500)] } },
  play: async ({ canvas }) => {
    const dialog = within(await openDialog(canvas, 'Publish'));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Publishing could not be loaded');
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
