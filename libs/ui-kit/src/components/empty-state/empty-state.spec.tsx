import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FolderIcon } from '../../icons/icons';
import { renderWithTheme } from '../../testing';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('has a heading, text and an action', async () => {
    const onCreate = jest.fn();
    renderWithTheme(
      <EmptyState
        icon={<FolderIcon />}
        title="No projects yet"
        description="Describe an app and Mason builds it."
        action={<Button onClick={onCreate}>New project</Button>}
        titleAs="h3"
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.getByText('Describe an app and Mason builds it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New project' }));
    expect(onCreate).toHaveBeenCalled();
  });
});
