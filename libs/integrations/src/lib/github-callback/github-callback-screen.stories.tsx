import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { BAD_STATE_MESSAGE, githubFake } from '../test-utils/github-fake';
import { GithubCallbackScreen } from './github-callback-screen';

/** A fake that handed out the state the story's URL brings back. */
function issued(state: string) {
  const fake = githubFake();
  fake.issueState(state);
  return fake.handlers;
}

/**
 * GitHub's redirect with a state of the story's own: the screen exchanges a state and code once
 * per page load, and the stories share one page.
 */
const redirect = (flowPath: string, state: string) => ({
  providers: { route: `${flowPath}?code=code-of-${state}&state=${state}`, path: flowPath },
});

const meta = {
  title: 'Integrations/GitHub callback',
  component: GithubCallbackScreen,
  args: {
    flow: 'DEFAULT',
    signedIn: true,
    integrationsHref: '/dashboard/integrations',
    importProjectHref: '/dashboard/projects/existing',
    loginHref: '/login',
    closeWindow: fn(),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/github/callback?code=code-1&state=pending-state',
      path: '/github/callback',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof GithubCallbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mason is exchanging GitHub's code. */
export const Connecting: Story = {
  parameters: { msw: { handlers: [pendingHandler('connectGithub')] } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Connecting GitHub…' }),
    ).toBeVisible();
  },
};

/** Connected (DEFAULT): on to the integrations screen. */
export const ConnectedGoesToIntegrations: Story = {
  parameters: {
    ...redirect('/github/callback', 'default-state'),
    msw: { handlers: issued('default-state') },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/dashboard/integrations',
    );
  },
};

/** Connected in the popup (WINDOW): it closes itself, or says to close it. */
export const ConnectedInWindow: Story = {
  args: { flow: 'WINDOW' },
  parameters: {
    ...redirect('/github/callback/window', 'window-state'),
    msw: { handlers: issued('window-state') },
  },
  play: async ({ canvas, args }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'GitHub is connected' }),
    ).toBeVisible();
    await expect(args.closeWindow).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Close this window' }));
    await expect(args.closeWindow).toHaveBeenCalledTimes(2);
  },
};

/** The state was used or expired: the server's message and the way back. */
export const StateRefused: Story = {
  parameters: {
    ...redirect('/github/callback', 'spent-state'),
    msw: { handlers: githubFake().handlers },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(BAD_STATE_MESSAGE);
    await expect(canvas.getByRole('link', { name: 'Back to integrations' })).toBeVisible();
  },
};

/** Nobody is logged in on this browser. */
export const NotLoggedIn: Story = {
  args: { signedIn: false },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Log in to connect GitHub' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Log in' })).toBeVisible();
  },
};
