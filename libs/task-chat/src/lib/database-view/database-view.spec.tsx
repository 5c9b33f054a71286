import { screen, within } from '@testing-library/react';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { DatabaseView } from './database-view';

setupApiServer();

describe('DatabaseView', () => {
  it('shows the tables first, and the users, migrations and SQL box as tabs', async () => {
    const view = renderChat(<DatabaseView projectId="project-1" />);
    expect(screen.getByRole('heading', { name: 'Database', level: 2 })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Database' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tables', 'Users', 'Migrations', 'SQL']);
    expect(await screen.findByRole('table', { name: 'Rows of notes' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('table', { name: 'The app’s users' })).toBeVisible();
    await view.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Migrations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('list', { name: 'Migrations applied' })).toBeVisible();
    await view.user.click(screen.getByRole('tab', { name: 'SQL' }));
    expect(screen.getByRole('textbox', { name: 'SQL' })).toBeVisible();
  });
});
