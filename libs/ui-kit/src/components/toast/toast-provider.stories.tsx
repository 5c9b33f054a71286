import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Inline } from '../layout/layout';
import { ToastProvider, useToast } from './toast-provider';

function ToastDemo() {
  const toast = useToast();
  return (
    <Inline gap={2}>
      <Button variant="outline" onClick={() => toast.show('Link copied')}>
        Default
      </Button>
      <Button variant="outline" onClick={() => toast.success('Project created')}>
        Success
      </Button>
      <Button variant="outline" onClick={() => toast.error('Error sending message')}>
        Error
      </Button>
      <Button variant="outline" onClick={() => toast.warning('Usage limit almost reached')}>
        Warning
      </Button>
      <Button
        variant="outline"
        onClick={() => toast.info('A new version is ready', { persist: true })}
      >
        Info (persists)
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toast.success('Reverted to version 2. It is saved as version 5.', {
            action: { label: 'Undo', onClick: () => toast.info('Revert undone') },
          })
        }
      >
        With an action
      </Button>
    </Inline>
  );
}

const meta = {
  title: 'UI Kit/Toast',
  component: ToastProvider,
  parameters: { layout: 'padded', docs: { story: { inline: false, iframeHeight: 320 } } },
  render: () => <ToastDemo />,
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Error' }));
    const toast = await screen.findByRole('alert');
    await expect(toast).toHaveTextContent('Error sending message');
    // Toasts close on click.
    await userEvent.click(toast);
    await waitFor(() =>
      expect(screen.queryByText('Error sending message')).not.toBeInTheDocument(),
    );
  },
};

export const Stacked: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Success' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Info (persists)' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Error' }));
    const toast = await screen.findByText('A new version is ready');
    await waitFor(() => expect(toast).toBeVisible());
  },
};

/** A toast with an action (Undo after a revert): the action runs once and closes the toast. */
export const WithAction: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'With an action' }));
    const toast = (await screen.findByText(/^Reverted to version 2/)).closest('[role="status"]');
    await userEvent.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    await expect(await screen.findByText('Revert undone')).toBeVisible();
  },
};
