import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { useGetCurrentUserQuery } from '@mason/api-client';
import { errorHandler } from '@mason/api-client/testing';
import { renderWithProviders } from './render-with-providers';
import { setupApiServer } from './api-server';

const server = setupApiServer();

function Who() {
  const { data, error } = useGetCurrentUserQuery();
  if (error) return <p role="alert">failed</p>;
  return <p>{data ? `Hello ${data.firstName}` : 'Loading'}</p>;
}

describe('renderWithProviders', () => {
  it('answers calls from the contract handlers and follows navigation', async () => {
    const view = renderWithProviders(
      <>
        <Who />
        <Link to="/settings">Settings</Link>
      </>,
      { route: '/start' },
    );
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(view.location.pathname).toBe('/settings');
  });

  it('records the toasts the api listener raises', async () => {
    server.use(errorHandler('getCurrentUser', 500));
    const view = renderWithProviders(<Who />);
    expect(await screen.findByRole('alert')).toHaveTextContent('failed');
    expect(view.toasts.map((toast) => toast.message)).toEqual(['Unknown server error']);
  });

  it('renders the screen only at its path, with the other routes beside it', async () => {
    renderWithProviders(<h1>Screen</h1>, {
      route: '/other',
      path: '/screen',
      routes: { '/other': <h1>Other</h1> },
    });
    expect(screen.getByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Screen' })).not.toBeInTheDocument();
  });
});
