import { screen, waitFor, within } from '@testing-library/react';
import {
  aDeployment,
  aDeploymentResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { SAMPLE_VARIABLES, serveEnvVariables } from '../test-utils/env-variables-fakes';
import { renderProjects } from '../test-utils/render-projects';
import { EnvVariablesScreen } from './env-variables-screen';

const server = setupApiServer();

const renderScreen = (route = '/env-variables?projectId=project-1') =>
  renderProjects(<EnvVariablesScreen />, {
    route,
    path: '/env-variables',
    routes: { '/projects/:projectId': <h1>Project workspace</h1> },
  });

/** The project's variables are served (statefully); answers what the fake holds. */
function serve(variables = SAMPLE_VARIABLES) {
  const fake = serveEnvVariables(variables);
  server.use(...fake.handlers);
  return fake;
}

const rowOf = (key: string) => screen.getByRole('listitem', { name: key });

describe('EnvVariablesScreen', () => {
  it('asks for a project when none is named: each of the person’s projects opens its variables', async () => {
    renderScreen('/env-variables');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Environment variables' }),
    ).toBeInTheDocument();
    const choices = await screen.findByRole('navigation', { name: 'Choose a project' });
    expect(within(choices).getByRole('link', { name: 'Todo app' })).toHaveAttribute(
      'href',
      '/env-variables?projectId=project-1',
    );
  });

  it('lists the keys with masked values, says where each goes, and links back to the project', async () => {
    serve();
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Environment variables of Todo app' }),
    ).toBeInTheDocument();
    const greeting = await screen.findByRole('listitem', { name: 'VITE_GREETING' });
    expect(
      within(greeting).getByText('Visible in the app (built into its code)'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('STRIPE_SECRET_KEY')).getByText('Server only: never sent to the browser'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Hello from the settings')).not.toBeInTheDocument();
    expect(screen.queryByText('sk_test_51Hx-server-only')).not.toBeInTheDocument();
    expect(within(greeting).getByText('Value of VITE_GREETING hidden')).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Back to the project' }));
    expect(await screen.findByRole('heading', { name: 'Project workspace' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/projects/project-1');
  });

  it('shows one value with a labelled toggle, and hides it again', async () => {
    serve();
    const view = renderScreen();
    const greeting = await screen.findByRole('listitem', { name: 'VITE_GREETING' });
    const toggle = within(greeting).getByRole('button', { name: 'Show value of VITE_GREETING' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await view.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(greeting).getByText('Hello from the settings')).toBeInTheDocument();
    // Only the one asked for.
    expect(screen.queryByText('sk_test_51Hx-server-only')).not.toBeInTheDocument();

    await view.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Hello from the settings')).not.toBeInTheDocument();
  });

  it('adds a variable: it joins the list in order, and the preview note names what happens', async () => {
    const fake = serve();
    const view = renderScreen();
    await screen.findByRole('listitem', { name: 'VITE_GREETING' });
    const form = screen.getByRole('form', { name: 'Add a variable' });

    await view.user.type(within(form).getByLabelText('Key'), 'VITE_API_URL');
    expect(within(form).getByText('Visible in the app (built into its code).')).toBeInTheDocument();
    await view.user.type(within(form).getByLabelText('Value'), 'https://api.example.com');
    await view.user.click(within(form).getByRole('button', { name: 'Save variable' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'VITE_API_URL saved. Open previews reload with the new value.',
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'STRIPE_SECRET_KEY',
      'VITE_API_URL',
      'VITE_GREETING',
    ]);
    expect(fake.list()).toContainEqual({ key: 'VITE_API_URL', value: 'https://api.example.com' });
    expect(within(form).getByLabelText('Key')).toHaveValue('');
    expect(within(form).getByLabelText('Value')).toHaveValue('');
  });

  it.each([
    ['1ST_KEY', 'Use letters, digits and underscores, not starting with a digit.'],
    ['MY-KEY', 'Use letters, digits and underscores, not starting with a digit.'],
    ['', 'Enter a key.'],
  ])(
    'a bad key (%j) gets the contract’s message next to the field, and nothing is sent',
    async (key, message) => {
      const fake = serve();
      const view = renderScreen();
      await screen.findByRole('listitem', { name: 'VITE_GREETING' });
      const form = screen.getByRole('form', { name: 'Add a variable' });
      const keyField = within(form).getByLabelText('Key');
      if (key) await view.user.type(keyField, key);
      await view.user.type(within(form).getByLabelText('Value'), 'x');
      await view.user.click(within(form).getByRole('button', { name: 'Save variable' }));

      expect(keyField).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(keyField).toHaveAttribute('aria-invalid', 'true');
      expect(fake.state.changes).toBe(0);
    },
  );

  it('shows the server’s refusal of a key next to the field', async () => {
    serve();
    server.use(
      errorHandler('setEnvVariable', 400, {
        message: 'key: Use letters, digits and underscores, not starting with a digit.',
        fieldErrors: { key: 'That key is kept for Mason.' },
      }),
    );
    const view = renderScreen();
    await screen.findByRole('listitem', { name: 'VITE_GREETING' });
    const form = screen.getByRole('form', { name: 'Add a variable' });
    await view.user.type(within(form).getByLabelText('Key'), 'MASON_KEY');
    await view.user.click(within(form).getByRole('button', { name: 'Save variable' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Key')).toHaveAccessibleDescription(
        expect.stringContaining('That key is kept for Mason.'),
      ),
    );
    // The form says it once, beside the field: no toast on top.
    expect(view.toasts).toEqual([]);
  });

  it('says when a new key replaces one that exists', async () => {
    serve();
    const view = renderScreen();
    await screen.findByRole('listitem', { name: 'VITE_GREETING' });
    const form = screen.getByRole('form', { name: 'Add a variable' });
    await view.user.type(within(form).getByLabelText('Key'), 'VITE_GREETING');
    expect(
      within(form).getByText('VITE_GREETING exists already: saving replaces its value.'),
    ).toBeInTheDocument();
  });

  it('edits a value in place; Cancel leaves it as it was', async () => {
    const fake = serve();
    const view = renderScreen();
    const greeting = await screen.findByRole('listitem', { name: 'VITE_GREETING' });

    await view.user.click(within(greeting).getByRole('button', { name: 'Edit VITE_GREETING' }));
    const field = within(greeting).getByLabelText('New value of VITE_GREETING');
    expect(field).toHaveValue('Hello from the settings');
    await view.user.clear(field);
    await view.user.type(field, 'Not saved');
    await view.user.click(within(greeting).getByRole('button', { name: 'Cancel' }));
    expect(within(greeting).getByRole('button', { name: 'Edit VITE_GREETING' })).toHaveFocus();
    expect(fake.state.changes).toBe(0);

    await view.user.click(within(greeting).getByRole('button', { name: 'Edit VITE_GREETING' }));
    const again = within(greeting).getByLabelText('New value of VITE_GREETING');
    await view.user.clear(again);
    await view.user.type(again, 'Good evening');
    await view.user.click(within(greeting).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('VITE_GREETING saved.');
    await view.user.click(
      within(rowOf('VITE_GREETING')).getByRole('button', { name: 'Show value of VITE_GREETING' }),
    );
    expect(await within(rowOf('VITE_GREETING')).findByText('Good evening')).toBeInTheDocument();
    expect(fake.list()).toContainEqual({ key: 'VITE_GREETING', value: 'Good evening' });
  });

  it('deletes a variable after a confirm; cancelling keeps it', async () => {
    const fake = serve();
    const view = renderScreen();
    const secret = await screen.findByRole('listitem', { name: 'STRIPE_SECRET_KEY' });

    await view.user.click(within(secret).getByRole('button', { name: 'Delete STRIPE_SECRET_KEY' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete STRIPE_SECRET_KEY?' });
    expect(dialog).toHaveTextContent('Mason forgets this value.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.state.changes).toBe(0);

    await view.user.click(within(secret).getByRole('button', { name: 'Delete STRIPE_SECRET_KEY' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete variable',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('STRIPE_SECRET_KEY deleted.');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'STRIPE_SECRET_KEY' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Variables' })).toHaveFocus();
    expect(fake.list()).toEqual([{ key: 'VITE_GREETING', value: 'Hello from the settings' }]);
  });

  it('says plainly when there are no variables yet', async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'No variables yet' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a variable' })).toBeInTheDocument();
  });

  it('says the variables are loading', async () => {
    server.use(pendingHandler('getEnvVariables', { once: true }));
    renderScreen();
    expect(await screen.findByText('Loading the variables…')).toBeInTheDocument();
  });

  it('offers to try again when the variables could not be loaded', async () => {
    server.use(errorHandler('getEnvVariables', 500, {}, { once: true }));
    const fake = serveEnvVariables(SAMPLE_VARIABLES);
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'The variables could not be loaded' }),
    ).toBeInTheDocument();
    server.use(...fake.handlers);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'VITE_GREETING' })).toBeInTheDocument();
  });

  it('says so when the project does not exist', async () => {
    server.use(errorHandler('getEnvVariables', 404, { message: 'Project not found.' }));
    server.use(errorHandler('getProject', 404, { message: 'Project not found.' }));
    renderScreen('/env-variables?projectId=gone');
    expect(
      await screen.findByRole('heading', { name: 'There is no such project' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All projects' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
    expect(screen.queryByRole('form', { name: 'Add a variable' })).not.toBeInTheDocument();
  });

  describe('a published app', () => {
    it('says it still uses the old values after a change, and publishes again on request', async () => {
      serve();
      server.use(mockEndpoint('getDeployment', aDeploymentResponse()));
      let published = 0;
      server.use(
        mockEndpoint('deployProject', ({ params }) => {
          published += 1;
          return aDeployment({ projectId: params['id'], status: 'QUEUED', url: null });
        }),
      );
      const view = renderScreen();
      const greeting = await screen.findByRole('listitem', { name: 'VITE_GREETING' });
      // Nothing changed yet: nothing to say.
      expect(screen.queryByText('Your published app still uses the old values.')).toBeNull();

      await view.user.click(within(greeting).getByRole('button', { name: 'Edit VITE_GREETING' }));
      const field = within(greeting).getByLabelText('New value of VITE_GREETING');
      await view.user.clear(field);
      await view.user.type(field, 'Good evening');
      await view.user.click(within(greeting).getByRole('button', { name: 'Save' }));

      expect(
        await screen.findByText('Your published app still uses the old values.'),
      ).toBeInTheDocument();
      await view.user.click(screen.getByRole('button', { name: 'Publish again' }));
      expect(
        await screen.findByText(
          'Publishing again: your app gets the new values once the new build is live.',
        ),
      ).toBeInTheDocument();
      expect(published).toBe(1);
      expect(screen.queryByText('Your published app still uses the old values.')).toBeNull();
    });

    it('says nothing of publishing for a project that is not published', async () => {
      const fake = serve();
      let asked = 0;
      server.use(
        mockEndpoint('getDeployment', () => {
          asked += 1;
          return aDeploymentResponse({
            deployment: null,
            live: null,
            history: [],
            slug: null,
            url: null,
          });
        }),
      );
      const view = renderScreen();
      await screen.findByRole('listitem', { name: 'VITE_GREETING' });
      const form = screen.getByRole('form', { name: 'Add a variable' });
      await view.user.type(within(form).getByLabelText('Key'), 'API_URL');
      await view.user.type(within(form).getByLabelText('Value'), 'https://api.example.com');
      await view.user.click(within(form).getByRole('button', { name: 'Save variable' }));
      expect(await screen.findByRole('status')).toHaveTextContent('API_URL saved.');
      await waitFor(() => expect(asked).toBe(1));
      expect(fake.state.changes).toBe(1);
      expect(screen.queryByText('Your published app still uses the old values.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Publish again' })).toBeNull();
    });
  });
});
