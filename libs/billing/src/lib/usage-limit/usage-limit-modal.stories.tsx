import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import { api, apiUsageLimitReached } from '@mason/api-client';
import { errorHandler } from '@mason/api-client/testing';
import { getStoryHarness, withStoryProviders, type StoryHarness } from '@mason/web-testing';
import { UsageLimitModal } from './usage-limit-modal';
import { usageLimitSlice } from './usage-limit-slice';

type Reducers = { usageLimit: typeof usageLimitSlice.reducer };

// Noon UTC: the same calendar day in every time zone.
const RESETS_AT = '2025-11-01T12:00:00.000Z';

/** api-client's announcement of a 403 'Usage limit reached', as the base query dispatches it. */
const limitReached = ({ store }: StoryHarness<Reducers>) =>
  void store.dispatch(
    apiUsageLimitReached({
      message: ErrorMessages.usageLimitReached,
      limitResetDate: RESETS_AT,
      endpoint: 'sendTaskMessage',
    }),
  );

const meta = {
  title: 'Billing/Usage limit modal',
  component: UsageLimitModal,
  args: { plansHref: '/pricing', billingHref: '/dashboard/billing' },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 420 } } },
  decorators: [
    withStoryProviders<Reducers>({
      route: '/projects/project-1',
      path: '/projects/:projectId',
      reducers: { usageLimit: usageLimitSlice.reducer },
      getToken: () => 'test-token',
      setup: limitReached,
    }),
  ],
} satisfies Meta<typeof UsageLimitModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened by the announcement: when the plan's usage resets, and the way to more. */
export const Open: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'You have reached your usage limit' });
    await expect(dialog).toHaveAccessibleDescription(/resets on November 1, 2025/);
    await expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  },
};

/** "Not now" closes it; the person stays on the page. */
export const NotNow: Story = {
  play: async ({ canvasElement, id }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(getStoryHarness<Reducers>({ id, canvasElement }).location.pathname).toBe(
      '/projects/project-1',
    );
  },
};

/** "See plans" leads to the plans and closes the modal. */
export const SeePlans: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await screen.findByRole('link', { name: 'See plans' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent('/pricing');
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** "Upgrade" leads to billing, which keeps the way back to the page the person was on. */
export const Upgrade: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await screen.findByRole('link', { name: 'Upgrade' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/dashboard/billing?returnTo=%2Fprojects%2Fproject-1',
    );
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** Closed until a call hits the limit. */
export const Closed: Story = {
  parameters: { providers: { setup: () => undefined } },
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** The whole path: the server answers a call with 403 'Usage limit reached', the toast shows and the modal opens. */
export const FromServer: Story = {
  parameters: {
    providers: { setup: () => undefined },
    msw: {
      handlers: [
        errorHandler('createProject', 403, {
          message: ErrorMessages.usageLimitReached,
          limitResetDate: RESETS_AT,
        }),
      ],
    },
  },
  play: async ({ canvasElement, id }) => {
    const { store } = getStoryHarness<Reducers>({ id, canvasElement });
    await store.dispatch(
      api.endpoints.createProject.initiate({ description: 'A todo app with due dates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'You have reached your usage limit' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(await screen.findByText(ErrorMessages.forbidden)).toBeVisible();
  },
};
