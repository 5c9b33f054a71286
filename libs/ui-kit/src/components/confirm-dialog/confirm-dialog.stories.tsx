import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

const meta = {
  title: 'UI Kit/ConfirmDialog',
  component: ConfirmDialog,
  parameters: { layout: 'centered', docs: { story: { inline: false, iframeHeight: 420 } } },
  args: {
    open: true,
    title: 'Discard visual edits?',
    description: 'Your unsaved changes to the layout will be lost.',
    confirmLabel: 'Discard',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<ConfirmDialogProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard visual edits?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Your unsaved changes to the layout will be lost.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Discard' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const Destructive: Story = {
  args: {
    variant: 'destructive',
    title: 'Delete project?',
    description: 'Acme CRM, its versions and its deployments are deleted. This cannot be undone.',
    confirmLabel: 'Delete project',
  },
  play: async ({ args }) => {
    await screen.findByRole('alertdialog', { name: 'Delete project?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: {
    variant: 'destructive',
    title: 'Delete project?',
    confirmLabel: 'Delete project',
    busy: true,
    busyLabel: 'Deleting…',
  },
  play: async ({ args }) => {
    const confirm = await screen.findByRole('button', { name: 'Deleting…' });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** The full flow: open, confirm, busy while the action runs, closed when it ends. */
export const Flow: Story = {
  args: { open: false },
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    const [busy, setBusy] = useState(false);
    return (
      <>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete project
        </Button>
        <ConfirmDialog
          {...args}
          variant="destructive"
          title="Delete project?"
          confirmLabel="Delete project"
          busyLabel="Deleting…"
          open={open}
          busy={busy}
          onCancel={() => {
            args.onCancel();
            setOpen(false);
          }}
          onConfirm={() => {
            args.onConfirm();
            setBusy(true);
            window.setTimeout(() => {
              setBusy(false);
              setOpen(false);
            }, 400);
          }}
        />
      </>
    );
  },
  play: async ({ canvas, args }) => {
    const opener = canvas.getByRole('button', { name: 'Delete project' });
    await userEvent.click(opener);
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete project?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete project' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(await dialog.findByRole('button', { name: 'Deleting…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
