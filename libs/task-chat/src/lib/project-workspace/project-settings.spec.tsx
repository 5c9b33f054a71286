import { screen, within } from '@testing-library/react';
import { aProject } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { ProjectSettings } from './project-settings';
import { ProjectSettingsSectionsProvider } from './project-settings-sections';

setupApiServer();

const project = aProject({ id: 'project-7', name: 'Garden planner' });

describe('ProjectSettings', () => {
  it('shows the sections the shell gives, for this project, after its own form', () => {
    renderChat(
      <ProjectSettingsSectionsProvider
        sections={(shown) => <section aria-label="Code hosting">Repository of {shown.id}</section>}
      >
        <ProjectSettings project={project} open onClose={jest.fn()} />
      </ProjectSettingsSectionsProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Project settings' });
    const form = within(dialog).getByRole('form', { name: 'Project settings' });
    const section = within(dialog).getByRole('region', { name: 'Code hosting' });
    expect(section).toHaveTextContent('Repository of project-7');
    // Not inside the form: its own controls are not Save's, and forms do not nest.
    expect(form).not.toContainElement(section);
    expect(form.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has only its own form without sections, and nothing while closed', () => {
    const { rerender } = renderChat(<ProjectSettings project={project} open onClose={jest.fn()} />);
    expect(screen.getByRole('form', { name: 'Project settings' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    rerender(<ProjectSettings project={project} open={false} onClose={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
