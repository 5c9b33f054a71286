import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { api, apiUsageLimitReached } from '@mason/api-client';
import { errorHandler } from '@mason/api-client/testing';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { UsageLimitModal } from './usage-limit-modal';
import { usageLimitSlice } from './usage-limit-slice';

const server = setupApiServer();

/** The billing screen's address as it arrives: where the person came from rides along. */
function BillingProbe() {
  const { search } = useLocation();
  return <h1>Billing {new URLSearchParams(search).get('returnTo')}</h1>;
}

// Noon UTC: the same calendar day in every time zone the tests may run in.
const RESETS_AT = '2025-11-01T12:00:00.000Z';

function renderModal() {
  return renderWithProviders(
    <UsageLimitModal plansHref="/pricing" billingHref="/dashboard/billing" />,
    {
      route: '/projects/project-1',
      path: '/projects/:projectId',
      routes: { '/pricing': <h1>Plans</h1>, '/dashboard/billing': <BillingProbe /> },
      reducers: { usageLimit: usageLimitSlice.reducer },
      getToken: () => 'test-token',
    },
  );
}

/** A call the person makes (here: starting a project) that the server refuses for the usage limit. */
async function hitUsageLimit(view: ReturnType<typeof renderModal>) {
  server.use(
    errorHandler('createProject', 403, {
      message: 'Usage limit reached',
      limitResetDate: RESETS_AT,
    }),
  );
  await act(async () => {
    await view.store.dispatch(
      api.endpoints.createProject.initiate({ description: 'A todo app with due dates' }),
    );
  });
}

describe('UsageLimitModal', () => {
  it('stays closed until the usage limit is reached', () => {
    renderModal();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with the reset date when a call answers 403 "Usage limit reached", and the forbidden toast shows', async () => {
    const view = renderModal();
    await hitUsageLimit(view);

    const dialog = await screen.findByRole('dialog', { name: 'You have reached your usage limit' });
    expect(dialog).toHaveAccessibleDescription(/resets on November 1, 2025/);
    expect(view.toasts.map((toast) => toast.message)).toEqual([
      'User cannot perform requested action',
    ]);
  });

  it('opens when the store hears api-client’s announcement', async () => {
    const view = renderModal();
    act(() => {
      view.store.dispatch(
        apiUsageLimitReached({
          message: 'Usage limit reached',
          limitResetDate: RESETS_AT,
          endpoint: 'sendTaskMessage',
        }),
      );
    });
    expect(
      await screen.findByRole('dialog', { name: 'You have reached your usage limit' }),
    ).toHaveAccessibleDescription(/November 1, 2025/);
  });

  it('does not open for another 403', async () => {
    const view = renderModal();
    server.use(errorHandler('createProject', 403, { message: 'Forbidden' }));
    await act(async () => {
      await view.store.dispatch(
        api.endpoints.createProject.initiate({ description: 'A todo app with due dates' }),
      );
    });
    expect(view.toasts.map((toast) => toast.message)).toEqual([
      'User cannot perform requested action',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Not now" closes it', async () => {
    const view = renderModal();
    await hitUsageLimit(view);
    await view.user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.location.pathname).toBe('/projects/project-1');
  });

  it('"See plans" leads to the plans and closes the modal', async () => {
    const view = renderModal();
    await hitUsageLimit(view);
    const seePlans = await screen.findByRole('link', { name: 'See plans' });
    expect(seePlans).toHaveAttribute('href', '/pricing');
    await view.user.click(seePlans);
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/pricing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Upgrade" leads to billing with the way back to where the person was, and closes the modal', async () => {
    const view = renderModal();
    await hitUsageLimit(view);
    await view.user.click(await screen.findByRole('link', { name: 'Upgrade' }));
    expect(
      await screen.findByRole('heading', { name: 'Billing /projects/project-1' }),
    ).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/billing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
