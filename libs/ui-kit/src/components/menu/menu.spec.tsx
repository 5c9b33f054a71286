import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing';
import { Menu, type MenuEntry } from './menu';

function setup() {
  const onSettings = jest.fn();
  const onBilling = jest.fn();
  const onLogout = jest.fn();
  const items: MenuEntry[] = [
    { id: 'settings', label: 'Settings', onSelect: onSettings },
    { id: 'billing', label: 'Billing', onSelect: onBilling },
    { id: 'docs', label: 'Docs', disabled: true },
    { type: 'separator', id: 'sep' },
    { id: 'logout', label: 'Log out', onSelect: onLogout, destructive: true },
  ];
  const user = userEvent.setup();
  renderWithTheme(
    <>
      <Menu trigger="Account" items={items} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Account' });
  return { user, trigger, onSettings, onBilling, onLogout };
}

describe('Menu', () => {
  it('is a menu button: opens on click with focus on the first item', async () => {
    const { user, trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Docs' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('arrows wrap and skip disabled items; Home/End; Enter selects and returns focus', async () => {
    const { user, trigger, onLogout } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('ArrowUp on the trigger opens on the last item; type-ahead jumps', async () => {
    const { user, trigger, onBilling } = setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('b');
    expect(screen.getByRole('menuitem', { name: 'Billing' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onBilling).toHaveBeenCalledTimes(1);
  });

  it('Escape closes and returns focus to the trigger', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click outside closes; a disabled item does nothing', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Docs' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('a mouse click on an item selects it', async () => {
    const { user, trigger, onSettings } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(onSettings).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
