import { TOAST_DURATION_MS } from '@mason/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing';
import { Button } from '../button/button';
import { useToast } from './toast-provider';

function Notifier({ onUndo = () => undefined }: { onUndo?: () => void }) {
  const toast = useToast();
  return (
    <>
      <Button
        onClick={() => toast.success('Reverted', { action: { label: 'Undo', onClick: onUndo } })}
      >
        Revert
      </Button>
      <Button onClick={() => toast.error('Error sending message')}>Fail</Button>
      <Button onClick={() => toast.success('Saved')}>Save</Button>
    </>
  );
}

describe('ToastProvider and useToast', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows an error toast as an alert that closes on click', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Notifier />);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error sending message');

    await user.click(toast);
    await waitFor(() =>
      expect(screen.queryByText('Error sending message')).not.toBeInTheDocument(),
    );
  });

  it(`closes by itself after ${TOAST_DURATION_MS} ms`, async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithTheme(<Notifier />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');

    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
  });

  it('offers an action in the toast: it runs once and closes the toast', async () => {
    const user = userEvent.setup();
    const onUndo = jest.fn();
    renderWithTheme(<Notifier onUndo={onUndo} />);
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    const toast = await screen.findByRole('status');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Reverted')).not.toBeInTheDocument());
  });
});
