import { screen } from '@testing-library/react';
import type { CreateProjectRequest } from '@mason/contract';
import {
  DEFAULT_RESPONDERS,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { ImportProjectScreen } from './import-project-screen';

const server = setupApiServer();

function renderImport() {
  return renderProjects(<ImportProjectScreen />, {
    route: '/dashboard/projects/existing',
    path: '/dashboard/projects/existing',
    routes: {
      '/projects/:projectId': <h1>Project workspace</h1>,
      '/dashboard/projects': <h1>Your projects</h1>,
    },
  });
}

/** Records the bodies POST /projects receives, answering with the default fake. */
function recordCreates() {
  const sent: CreateProjectRequest[] = [];
  server.use(
    mockEndpoint('createProject', (request) => {
      sent.push(request.body as CreateProjectRequest);
      return DEFAULT_RESPONDERS.createProject(request);
    }),
  );
  return sent;
}

const address = () => screen.getByRole('textbox', { name: /Repository address/ });
const importButton = () => screen.getByRole('button', { name: 'Import project' });

describe('ImportProjectScreen', () => {
  it('imports the repository as an EXTERNAL project and opens its workspace', async () => {
    const sent = recordCreates();
    const view = renderImport();

    await view.user.type(address(), '  https://github.com/ada/shop  ');
    await view.user.click(importButton());

    expect(await screen.findByRole('heading', { name: 'Project workspace' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/projects/project-2');
    expect(sent).toEqual([{ type: 'EXTERNAL', repositoryUrl: 'https://github.com/ada/shop' }]);
  });

  it('sends the branch, the name and the first change when given', async () => {
    const sent = recordCreates();
    const view = renderImport();

    await view.user.type(address(), 'https://gitlab.com/team/app.git');
    await view.user.type(screen.getByRole('textbox', { name: /Branch/ }), 'develop');
    await view.user.type(screen.getByRole('textbox', { name: /Project name/ }), 'Team app');
    await view.user.type(
      screen.getByRole('textbox', { name: /What to change first/ }),
      'Add a dark mode',
    );
    await view.user.click(importButton());

    await screen.findByRole('heading', { name: 'Project workspace' });
    expect(sent).toEqual([
      {
        type: 'EXTERNAL',
        repositoryUrl: 'https://gitlab.com/team/app.git',
        branch: 'develop',
        name: 'Team app',
        description: 'Add a dark mode',
      },
    ]);
  });

  it('asks for an address, and a valid branch, before sending anything', async () => {
    const sent = recordCreates();
    const view = renderImport();

    await view.user.click(importButton());

    expect(
      await screen.findByText('Enter the address of the repository to import.'),
    ).toBeInTheDocument();
    expect(address()).toHaveAttribute('aria-invalid', 'true');
    expect(address()).toHaveFocus();

    await view.user.type(address(), 'https://github.com/ada/shop');
    await view.user.type(screen.getByRole('textbox', { name: /Branch/ }), 'bad..name');
    await view.user.click(importButton());

    expect(await screen.findByText('That is not a valid branch name.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's reason under the address when it cannot import, and keeps the form", async () => {
    server.use(
      errorHandler('createProject', 422, {
        message: 'There is no public git repository at that address.',
      }),
    );
    const view = renderImport();

    await view.user.type(address(), 'https://github.com/ada/missing');
    await view.user.click(importButton());

    expect(
      await screen.findByText('There is no public git repository at that address.'),
    ).toBeInTheDocument();
    expect(address()).toHaveAttribute('aria-invalid', 'true');
    expect(address()).toHaveValue('https://github.com/ada/missing');
    expect(view.location.pathname).toBe('/dashboard/projects/existing');
  });

  it('says the import is under way, with the form locked, while the server clones', async () => {
    server.use(pendingHandler('createProject'));
    const view = renderImport();

    await view.user.type(address(), 'https://github.com/ada/shop');
    await view.user.click(importButton());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Copying the repository’s files. A large repository can take a minute.',
    );
    expect(address()).toBeDisabled();
    expect(screen.getByRole('button', { name: /Importing/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('goes back to the projects on Cancel', async () => {
    const view = renderImport();

    await view.user.click(screen.getByRole('link', { name: 'Cancel' }));

    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeInTheDocument();
  });
});
