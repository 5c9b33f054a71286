import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing';
import { Tabs, type TabItem } from './tabs';

const items: TabItem[] = [
  { id: 'preview', label: 'Preview', content: <p>Live preview</p> },
  { id: 'code', label: 'Code', content: <p>Source files</p> },
  { id: 'deploy', label: 'Deploy', content: <p>Deployments</p>, disabled: true },
  { id: 'console', label: 'Console', content: <p>Console output</p> },
];

describe('Tabs', () => {
  it('has tablist, tabs and a labelled panel; only the selected tab is in the Tab order', () => {
    renderWithTheme(<Tabs items={items} aria-label="Workspace" />);
    expect(screen.getByRole('tablist', { name: 'Workspace' })).toBeInTheDocument();
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect(preview).toHaveAttribute('aria-selected', 'true');
    expect(preview).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Preview' })).toHaveTextContent('Live preview');
  });

  it('arrow keys move and select, skip disabled tabs and wrap; Home and End jump', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithTheme(<Tabs items={items} aria-label="Workspace" onValueChange={onValueChange} />);
    await user.click(screen.getByRole('tab', { name: 'Preview' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Source files');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Console' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Console' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Console' })).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('console');
  });

  it('Tab goes from the selected tab into the panel', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tabs items={items} aria-label="Workspace" defaultValue="code" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Code' })).toHaveFocus();
  });

  it('manual activation: arrows only move focus, Enter selects', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tabs items={items} aria-label="Workspace" activation="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
  });
});
