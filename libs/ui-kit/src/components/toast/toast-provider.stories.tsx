import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
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
