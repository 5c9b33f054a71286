import { screen, waitFor, within } from '@testing-library/react';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { ProjectFilesScreen } from './project-files-screen';

setupApiServer();

const renderScreen = (route: string) =>
  renderProjects(<ProjectFilesScreen />, { route, path: '/files' });

describe('ProjectFilesScreen', () => {
  it('asks for a project when none is named: each of the person’s projects opens its files', async () => {
    renderScreen('/files');
    expect(screen.getByRole('heading', { level: 1, name: 'Files' })).toBeInTheDocument();
    const choices = await screen.findByRole('navigation', { name: 'Choose a project' });
    expect(within(choices).getByRole('link', { name: 'Todo app' })).toHaveAttribute(
      'href',
      '/files?projectId=project-1',
    );
  });

  it("shows the project's files under its name and keeps the open file in the address", async () => {
    const view = renderScreen('/files?projectId=project-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Files of Todo app' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open project' })).toHaveAttribute(
      'href',
      '/projects/project-1',
    );
    expect(
      await screen.findByRole('region', { name: 'Contents of src/App.tsx' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Version 1')).toBeInTheDocument();
    await waitFor(() =>
      expect(view.location.search).toBe('?projectId=project-1&filePath=src%2FApp.tsx'),
    );

    await view.user.click(screen.getByText('main.tsx'));
    expect(
      await screen.findByRole('region', { name: 'Contents of src/main.tsx' }),
    ).toHaveTextContent("import './index.css';");
    expect(view.location.search).toBe('?projectId=project-1&filePath=src%2Fmain.tsx');
  });

  it('opens the file named in the address', async () => {
    renderScreen('/files?projectId=project-1&filePath=src%2Fmain.tsx');
    expect(
      await screen.findByRole('region', { name: 'Contents of src/main.tsx' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: 'main.tsx' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
