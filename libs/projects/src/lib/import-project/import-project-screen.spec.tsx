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
import { ImportProjectScreen, type GithubSourceProps } from './import-project-screen';

const server = setupApiServer();

/** A GitHub source as the shell gives one: here, two buttons that pick a repository or none. */
function FakeGithubSource({ onChange, error }: GithubSourceProps) {
  return (
    <div>
      <button
        type="button"
        onClick={() => onChange({ repositoryId: '4242', branch: 'develop', name: 'notes' })}
      >
        Pick ada/notes
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

function renderImport(withGithub = false) {
  const screenElement = withGithub ? (
    <ImportProjectScreen githubSource={(props) => <FakeGithubSource {...props} />} />
  ) : (
    <ImportProjectScreen />
  );
  return renderProjects(screenElement, {
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

  describe('with the GitHub source', () => {
    it('imports the repository picked from GitHub, by its id and branch', async () => {
      const sent = recordCreates();
      const view = renderImport(true);

      await view.user.click(screen.getByRole('tab', { name: 'Your GitHub' }));
      await view.user.click(screen.getByRole('button', { name: 'Pick ada/notes' }));
      await view.user.click(importButton());

      await screen.findByRole('heading', { name: 'Project workspace' });
      expect(sent).toEqual([{ type: 'EXTERNAL', repositoryId: '4242', branch: 'develop' }]);
    });

    it('asks for a repository when none is picked, and shows the server’s refusal there', async () => {
      server.use(
        errorHandler('createProject', 409, { message: 'Connect your GitHub account first.' }),
      );
      const view = renderImport(true);

      await view.user.click(screen.getByRole('tab', { name: 'Your GitHub' }));
      await view.user.click(importButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('Pick the repository to import.');

      await view.user.click(screen.getByRole('button', { name: 'Pick ada/notes' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await view.user.click(importButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Connect your GitHub account first.',
      );
      expect(view.location.pathname).toBe('/dashboard/projects/existing');
    });

    it('keeps importing by address from the first tab', async () => {
      const sent = recordCreates();
      const view = renderImport(true);

      await view.user.type(address(), 'https://github.com/ada/shop');
      await view.user.click(importButton());

      await screen.findByRole('heading', { name: 'Project workspace' });
      expect(sent).toEqual([{ type: 'EXTERNAL', repositoryUrl: 'https://github.com/ada/shop' }]);
    });
  });
});
