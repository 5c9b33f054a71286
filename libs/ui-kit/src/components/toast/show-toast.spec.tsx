import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast } from './show-toast';

describe('showToast', () => {
  it('mounts the toast host on first use and shows the message; a click closes it', async () => {
    await showToast('Unknown server error', { variant: 'error' });
    const toast = await screen.findByText('Unknown server error');
    expect(document.querySelectorAll('[data-mason-toasts]')).toHaveLength(1);

    await showToast('Cannot find project. Please login and try again.', { variant: 'error' });
    expect(
      await screen.findByText('Cannot find project. Please login and try again.'),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('[data-mason-toasts]')).toHaveLength(1);

    await userEvent.click(toast);
    await waitFor(() => expect(screen.queryByText('Unknown server error')).not.toBeInTheDocument());
    expect(
      screen.getByText('Cannot find project. Please login and try again.'),
    ).toBeInTheDocument();
  });
});
