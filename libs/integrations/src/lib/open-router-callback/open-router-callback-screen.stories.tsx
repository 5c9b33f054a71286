import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { OPEN_ROUTER_BAD_STATE_MESSAGE, openRouterFake } from '../test-utils/open-router-fake';
import { OpenRouterCallbackScreen } from './open-router-callback-screen';

/** A fake that handed out the state the story's URL brings back. */
function issued(state: string) {
  const fake = openRouterFake();
  fake.issueState(state);
  return fake.handlers;
}

/** OpenRouter's redirect with a state of the story's own (one exchange per page load). */
const redirect = (search: string) => ({
  providers: { route: `/open-router/callback${search}`, path: '/open-router/callback' },
});

const meta = {
  title: 'Integrations/OpenRouter callback',
  component: OpenRouterCallbackScreen,
  args: { signedIn: true, integrationsHref: '/dashboard/integrations', loginHref: '/login' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/open-router/callback?code=code-1&state=pending-state',
      path: '/open-router/callback',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof OpenRouterCallbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mason is exchanging OpenRouter's code for the person's key. */
export const Connecting: Story = {
  parameters: { msw: { handlers: [pendingHandler('connectOpenRouter')] } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Connecting OpenRouter…' }),
    ).toBeVisible();
  },
};

/** Connected: the turns run on the person's key; the way back to Integrations. */
export const Connected: Story = {
  parameters: {
    ...redirect('?code=code-c&state=connected-state'),
    msw: { handlers: issued('connected-state') },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'OpenRouter is connected' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to integrations' })).toBeVisible();
  },
};

/** The state was used or expired: the server's words and the way back. */
export const StateRefused: Story = {
  parameters: {
    ...redirect('?code=code-r&state=spent-state'),
    msw: { handlers: openRouterFake().handlers },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(OPEN_ROUTER_BAD_STATE_MESSAGE);
  },
};

/** The person said no at OpenRouter. */
export const Declined: Story = {
  parameters: redirect('?error=access_denied'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'You did not allow Mason to use your OpenRouter account',
    );
  },
};

/** Opened by itself: nothing to do. */
export const NothingToDo: Story = {
  parameters: redirect(''),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Nothing to connect' }),
    ).toBeVisible();
  },
};

/** Nobody is logged in on this browser. */
export const NotLoggedIn: Story = {
  args: { signedIn: false },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Log in to connect OpenRouter' }),
    ).toBeVisible();
  },
};
