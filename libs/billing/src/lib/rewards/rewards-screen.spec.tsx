import { screen, within } from '@testing-library/react';
import { DEFAULT_PRICING } from '@mason/contract/billing';
import {
  aClientConfig,
  aRewardsResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderBilling } from '../test-utils/render-billing';
import { RewardsScreen } from './rewards-screen';

const server = setupApiServer();

const LINK = 'https://mason.example.com/signup?ref=ADA7K2M9QX';
const renderScreen = () =>
  renderBilling(<RewardsScreen />, { route: '/dashboard/rewards', path: '/dashboard/rewards' });

/** The browser's clipboard, as far as the Copy button uses it. */
function fakeClipboard(fails = false) {
  const clipboard = {
    text: '',
    writeText: async (text: string) => {
      if (fails) throw new Error('Not allowed');
      clipboard.text = text;
    },
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
}

describe('RewardsScreen', () => {
  it('shows a loading status while the rewards are on their way', async () => {
    server.use(pendingHandler('getRewards'));
    renderScreen();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your rewards…');
    expect(screen.getByRole('heading', { level: 1, name: 'Rewards' })).toBeInTheDocument();
  });

  it('says the rewards could not be loaded, with the reason, and loads them on "Try again"', async () => {
    server.use(errorHandler('getRewards', 500, {}, { once: true }));
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Your rewards could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Unknown server error')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      'https://mason.example.com/signup?ref=ADA-1234',
    );
  });

  it('shows the link, the amounts of this server’s table, who joined and the credits earned', async () => {
    const pricing = { ...DEFAULT_PRICING, referralRewardCredits: { referrer: 800, referred: 300 } };
    server.use(
      mockEndpoint(
        'getClientConfig',
        aClientConfig({ billing: { provider: 'embedded', pricing } }),
      ),
      mockEndpoint(
        'getRewards',
        aRewardsResponse({
          link: LINK,
          referrals: [
            { firstName: 'Grace', joinedAt: '2025-01-14T09:00:00.000Z', rewarded: true },
            { firstName: 'Linus', joinedAt: '2025-01-10T09:00:00.000Z', rewarded: false },
          ],
          creditsEarned: 800,
        }),
      ),
    );
    renderScreen();

    expect(await screen.findByRole('textbox', { name: 'Your referral link' })).toHaveValue(LINK);
    expect(
      screen.getByText(
        'When someone signs up with your link and makes their first payment, you get 800 credits and they get 300 credits.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Credits earned').nextElementSibling).toHaveTextContent('800 credits');
    expect(screen.getByText('Joined').nextElementSibling).toHaveTextContent('2');

    const table = within(
      screen.getByRole('table', { name: 'People who joined with your link, newest first' }),
    );
    const [grace, linus] = table.getAllByRole('row').slice(1);
    expect(grace).toHaveTextContent('GraceJan 14, 2025Rewarded');
    expect(linus).toHaveTextContent('LinusJan 10, 2025Waiting for first payment');
  });

  it('says so when nobody has joined yet', async () => {
    server.use(mockEndpoint('getRewards', aRewardsResponse({ referrals: [], creditsEarned: 0 })));
    renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Nobody has joined with your link yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Credits earned').nextElementSibling).toHaveTextContent('0 credits');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('copies the link and announces "Copied" to screen readers', async () => {
    server.use(mockEndpoint('getRewards', aRewardsResponse({ link: LINK })));
    const view = renderScreen();
    const copy = await screen.findByRole('button', { name: 'Copy your referral link' });
    const clipboard = fakeClipboard();

    await view.user.click(copy);

    expect(clipboard.text).toBe(LINK);
    expect(copy).toHaveTextContent('Copied');
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
  });

  it('says how to copy by hand when the browser refuses the clipboard', async () => {
    const view = renderScreen();
    const copy = await screen.findByRole('button', { name: 'Copy your referral link' });
    fakeClipboard(true);

    await view.user.click(copy);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Copying failed: select the link and copy it.',
    );
  });
});
