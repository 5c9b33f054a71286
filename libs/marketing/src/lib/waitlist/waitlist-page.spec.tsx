import { screen } from '@testing-library/react';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { WaitlistPage } from './waitlist-page';

const server = setupApiServer();

function renderWaitlist() {
  return renderWithProviders(<WaitlistPage />, { route: '/waitlist', path: '/waitlist' });
}

async function join(user: ReturnType<typeof renderWaitlist>['user'], email: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
}

describe('WaitlistPage', () => {
  it('posts the address and shows that the person is on the list', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('joinWaitlist', ({ body }) => {
        sent.push(body);
        return { ok: true };
      }),
    );
    const view = renderWaitlist();
    expect(screen.getByRole('heading', { name: 'Get early access to Mason' })).toBeInTheDocument();
    await join(view.user, 'Grace@Example.com');

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You are on the list');
    expect(done).toHaveTextContent('We will write to grace@example.com when a place opens.');
    expect(sent).toEqual([{ email: 'grace@example.com' }]);
    expect(screen.queryByRole('form', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });

  it('asks for an address before sending anything', async () => {
    const sent = jest.fn(() => ({ ok: true as const }));
    server.use(mockEndpoint('joinWaitlist', sent));
    const view = renderWaitlist();
    await join(view.user, '');
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    await join(view.user, 'grace@');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('says so when the list cannot be joined, and lets the person try again', async () => {
    server.use(errorHandler('joinWaitlist', 500, {}, { once: true }));
    const view = renderWaitlist();
    await join(view.user, 'grace@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown server error');
    expect(view.toasts).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the list')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
