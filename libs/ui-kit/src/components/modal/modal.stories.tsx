import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Modal, type ModalProps } from './modal';

const meta = {
  title: 'UI Kit/Modal',
  component: Modal,
  parameters: { layout: 'centered', docs: { story: { inline: false, iframeHeight: 520 } } },
  args: {
    open: false,
    onClose: fn(),
    title: 'Rename project',
    description: 'The new name shows on your dashboard and in the preview URL.',
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open);
    const close = () => {
      args.onClose();
      setOpen(false);
    };
    return (
      <>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Rename project
        </Button>
        <Modal
          {...args}
          open={open}
          onClose={close}
          footer={
            <>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button onClick={close}>Save</Button>
            </>
          }
        >
          <TextField label="Project name" defaultValue="Acme CRM" />
        </Modal>
      </>
    );
  },
} satisfies Meta<ModalProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const opener = canvas.getByRole('button', { name: 'Rename project' });
    await userEvent.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Rename project' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveFocus(),
    );

    // Focus stays inside: Tab past the last element comes back to the first.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Open: Story = {
  args: { open: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Rename project' });
    await waitFor(() => expect(dialog).toBeVisible());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveFocus(),
    );
  },
};

export const Large: Story = {
  args: { open: true, size: 'lg', title: 'Connect a repository', description: undefined },
};
