import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ChevronDownIcon } from '../../icons/field-icons';
import { MoreHorizontalIcon } from '../../icons/icons';
import { Avatar } from '../avatar/avatar';
import { Stack } from '../layout/layout';
import { Text } from '../typography/typography';
import { Menu, type MenuProps } from './menu';

const onSettings = fn();
const onBilling = fn();
const onLogout = fn();

const meta = {
  title: 'UI Kit/Menu',
  component: Menu,
  parameters: { docs: { story: { height: '280px' } } },
  args: {
    trigger: (
      <>
        Account <ChevronDownIcon />
      </>
    ),
    items: [
      { id: 'settings', label: 'Settings', onSelect: onSettings, shortcut: '⌘,' },
      { id: 'billing', label: 'Billing', onSelect: onBilling },
      { id: 'rewards', label: 'Rewards', disabled: true },
      { type: 'separator', id: 'sep' },
      { id: 'logout', label: 'Log out', onSelect: onLogout, destructive: true },
    ],
  },
  decorators: [(Story) => <div style={{ minHeight: 260 }}>{Story()}</div>],
} satisfies Meta<MenuProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    onSettings.mockClear();
    onLogout.mockClear();
    const trigger = canvas.getByRole('button', { name: /Account/ });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');

    // Keyboard: ArrowDown opens on the first item, arrows wrap, disabled items are skipped.
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('menu')).toBeVisible());
    await expect(canvas.getByRole('menuitem', { name: /Settings/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: /Settings/ })).toHaveFocus();

    // Escape closes and gives focus back to the trigger.
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();

    // ArrowUp opens on the last item; Enter selects it.
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onLogout).toHaveBeenCalledTimes(1);
    await expect(trigger).toHaveFocus();

    // A click outside closes.
    await userEvent.click(trigger);
    await waitFor(() => expect(canvas.getByRole('menu')).toBeVisible());
    await userEvent.click(canvas.getByRole('menu').ownerDocument.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Account/ }));
    await expect(canvas.getByRole('menuitem', { name: /Settings/ })).toHaveFocus();
  },
};

export const UserMenu: Story = {
  args: {
    trigger: <Avatar name="Ada Lovelace" size="sm" />,
    triggerLabel: 'Account menu for Ada Lovelace',
    triggerVariant: 'ghost',
    triggerSize: 'icon',
    align: 'start',
    header: (
      <Stack gap={0.5}>
        <Text weight="medium">Ada Lovelace</Text>
        <Text size="xs" tone="muted">
          ada@mason.dev
        </Text>
      </Stack>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await waitFor(() =>
      expect(canvas.getByRole('menu', { name: 'Account menu for Ada Lovelace' })).toBeVisible(),
    );
  },
};

export const IconTrigger: Story = {
  args: {
    trigger: <MoreHorizontalIcon />,
    triggerLabel: 'Project actions',
    triggerVariant: 'ghost',
    triggerSize: 'icon',
  },
};
