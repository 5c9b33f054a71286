import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { pendingHandler } from '@mason/api-client/testing';
import { getStoryHarness } from '@mason/web-testing';
import { sessionSlice } from '../session/session-slice';
import { authStoryDecorators } from '../test-utils/auth-story';
import { signedIn } from '../test-utils/render-auth';
import { AccountMenu } from './account-menu';

type Reducers = { session: typeof sessionSlice.reducer };

const meta = {
  title: 'Auth/Account menu',
  component: AccountMenu,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { docs: { story: { inline: false, iframeHeight: 280 } } },
  decorators: [
    // The right end of a header, with room below for the menu.
    (Story) => (
      <div
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          minHeight: '14rem',
          padding: '0.5rem',
        }}
      >
        <Story />
      </div>
    ),
    ...authStoryDecorators({
      route: '/dashboard/projects',
      path: '/dashboard/projects',
      session: signedIn,
    }),
  ],
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the signed-in person's initials. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /^Account menu/ });
    await waitFor(() =>
      expect(within(trigger).getByRole('img', { name: 'Ada Lovelace' })).toBeVisible(),
    );
  },
};

/** Open: who is signed in, settings and log out. */
export const Open: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /^Account menu/ });
    await waitFor(() =>
      expect(within(trigger).getByRole('img', { name: 'Ada Lovelace' })).toBeVisible(),
    );
    await userEvent.click(trigger);
    const menu = within(canvas.getByRole('menu'));
    await waitFor(() => expect(menu.getByText('Ada Lovelace')).toBeVisible());
    await expect(menu.getByText('ada@example.com')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  },
};

/** The account is still loading: the e-mail kept with the session stands in for the name. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getCurrentUser')] } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Account menu/ }));
    await expect(within(canvas.getByRole('menu')).getAllByText('ada@example.com')).toHaveLength(2);
  },
};

/** "Settings" opens the settings page. */
export const GoesToSettings: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Account menu/ }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Settings' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent('/settings');
  },
};

/** "Log out", chosen with the keyboard, ends the session. */
export const LogsOut: Story = {
  play: async ({ canvas, canvasElement, id }) => {
    canvas.getByRole('button', { name: /^Account menu/ }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const { store } = getStoryHarness<Reducers>({ id, canvasElement });
    await waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
  },
};
