import { screen, waitFor, within } from '@testing-library/react';
import { ErrorMessages } from '@mason/contract';
import {
  anAttachedDatabase,
  aProjectDatabase,
  aSupabaseProject,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { databaseFake } from '../test-utils/database-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { ProjectDatabase } from './project-database';

const server = setupApiServer();

const PROJECT_ID = 'project-1';

function renderSection() {
  return renderIntegrations(<ProjectDatabase projectId={PROJECT_ID} />, {
    route: `/projects/${PROJECT_ID}`,
    path: '/projects/:projectId',
  });
}

const section = () => within(screen.getByRole('region', { name: 'Database' }));
const announcer = () =>
  screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');
const variables = () =>
  within(section().getByRole('list', { name: 'Environment variables Mason sets for the app' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('ProjectDatabase', () => {
  it('says it is loading while GET /projects/:id/database has not answered', () => {
    server.use(pendingHandler('getProjectDatabase'));
    renderSection();
    const label = section().getByText('Loading the project’s database');
    expect(label.closest('[role="status"]')).toBeInTheDocument();
    expect(section().queryByRole('button')).not.toBeInTheDocument();
  });

  it('says what a database gives the app while it is off', async () => {
    const fake = databaseFake();
    server.use(...fake.handlers);
    renderSection();
    const button = await section().findByRole('button', { name: 'Turn on the database' });
    expect(button).toBeEnabled();
    const text = section().getByText(/A database keeps the app’s data through a reload/);
    expect(text).toHaveTextContent('lets its users sign in');
    expect(text).toHaveTextContent('the preview gets a development database');
    expect(text).toHaveTextContent('a production one once published');
    expect(fake.state.enables).toBe(0);
  });

  it('turns it on: the button says so while it waits, then the section shows the database, announces it and takes focus', async () => {
    let answer!: () => void;
    const fake = databaseFake({ enableAnswersAfter: new Promise<void>((done) => (answer = done)) });
    server.use(...fake.handlers);
    const view = renderSection();

    await view.user.click(await section().findByRole('button', { name: 'Turn on the database' }));

    const busy = section().getByRole('button', { name: /Turning on…/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    await view.user.click(busy);
    answer();

    const summary = await section().findByText(
      'The database is on: the preview uses a development database, and the published app a production one of its own.',
    );
    await waitFor(() => expect(summary).toHaveFocus());
    expect(announcer()).toHaveTextContent(
      'The database is on. The open preview reloads to use it.',
    );
    expect(section().getByText('Built-in database')).toBeVisible();
    expect(section().getByText('January 16, 2025')).toHaveAttribute(
      'datetime',
      '2025-01-16T12:00:00.000Z',
    );
    expect(variables()).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']);
    // The one control left: attaching a service instead.
    expect(
      section()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Attach a database service']);
    // One POST, however often the busy button was clicked; the answer is shown as it came.
    expect(fake.state.enables).toBe(1);
    expect(fake.state.reads).toBe(1);
    expect(view.toasts).toEqual([]);
  });

  it('says why turning it on failed, without a toast, and keeps the button for another try', async () => {
    const fake = databaseFake({
      refuseEnable: {
        status: 409,
        message: 'The database server is not set up on this Mason server.',
      },
    });
    server.use(...fake.handlers);
    const view = renderSection();
    const button = await section().findByRole('button', { name: 'Turn on the database' });

    await view.user.click(button);

    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('The database is still off');
    expect(alert).toHaveTextContent('The database server is not set up on this Mason server.');
    expect(view.toasts).toEqual([]);
    const again = section().getByRole('button', { name: 'Turn on the database' });
    expect(again).toHaveFocus();

    fake.state.refuseEnable = null;
    await view.user.click(again);
    expect(await section().findByText('Built-in database')).toBeVisible();
    expect(section().queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.state.enables).toBe(2);
  });

  it('shows a database that is on: which one, since when, and the variables Mason sets for the app', async () => {
    server.use(
      ...databaseFake({
        database: aProjectDatabase({
          provider: 'SUPABASE',
          envKeys: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
        }),
      }).handlers,
    );
    renderSection();
    expect(await section().findByText('Supabase')).toBeVisible();
    expect(
      section().getByText(
        'The database is on: the app keeps its data in the attached Supabase project.',
      ),
    ).toBeVisible();
    expect(section().getByText('January 15, 2025')).toBeVisible();
    expect(variables()).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']);
    expect(section().getAllByRole('listitem')[0]?.querySelector('code')).toHaveTextContent(
      'VITE_SUPABASE_URL',
    );
    expect(
      section().getByText(/When you ask for data or sign-in, the assistant builds the tables/),
    ).toHaveTextContent('with rules on which rows each user may read and change');
    expect(
      section()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Attach a database service']);
    // Not focused on its own: only after turning it on.
    expect(section().getByText(/The database is on/)).not.toHaveFocus();
  });

  it('says why the database could not be loaded, and tries again, then focuses what it shows', async () => {
    const fake = databaseFake();
    server.use(
      errorHandler('getProjectDatabase', 500, { message: 'boom' }, { once: true }),
      ...fake.handlers,
    );
    const view = renderSection();

    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('This project’s database could not be loaded');
    expect(alert).toHaveTextContent('Unknown server error');
    expect(view.toasts).toEqual([]);
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));

    const button = await section().findByRole('button', { name: 'Turn on the database' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(section().queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.state.reads).toBe(1);
  });

  it('keeps the alert and its reason while it tries again, with the button busy and focused', async () => {
    server.use(
      errorHandler('getProjectDatabase', 404, { message: 'Project not found.' }, { once: true }),
      pendingHandler('getProjectDatabase'),
    );
    const view = renderSection();

    const alert = await section().findByRole('alert');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));

    const busy = await within(alert).findByRole('button', { name: /Trying again…/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    expect(alert).toHaveTextContent('Project not found.');
    expect(section().queryByText('Loading the project’s database')).not.toBeInTheDocument();
  });

  it('says why again when trying again fails, and keeps focus on Try again', async () => {
    server.use(errorHandler('getProjectDatabase', 404, { message: 'Project not found.' }));
    const view = renderSection();

    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Project not found.');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));

    const retry = await within(await section().findByRole('alert')).findByRole('button', {
      name: 'Try again',
    });
    await waitFor(() => expect(retry).not.toHaveAttribute('aria-busy'));
    expect(section().getByRole('alert')).toHaveTextContent('Project not found.');
    expect(retry).toHaveFocus();
  });
});

describe('ProjectDatabase: attaching a database service', () => {
  const form = () => within(section().getByRole('form', { name: 'Attach a database service' }));
  const REF = 'abcdefghijklmnopqrst';

  it('checks the fields before sending, attaches a Supabase project, then shows it and announces it', async () => {
    const fake = databaseFake();
    server.use(...fake.handlers);
    const view = renderSection();

    await view.user.click(
      await section().findByRole('button', { name: 'Attach a database service' }),
    );
    expect(form().getByRole('radio', { name: 'Supabase project' })).toHaveFocus();
    await view.user.click(form().getByRole('button', { name: 'Attach database' }));
    expect(form().getByLabelText('Project URL')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the project’s URL.'),
    );
    expect(fake.state.attached).toEqual([]);

    await view.user.type(form().getByLabelText('Project URL'), `https://${REF}.supabase.co`);
    await view.user.type(form().getByLabelText('Anon (public) key'), 'sb_publishable_key');
    await view.user.type(form().getByLabelText('Database password'), 'pw');
    await view.user.click(form().getByRole('button', { name: 'Attach database' }));

    const summary = await section().findByText(
      /The database is on: the app keeps its data in the attached Supabase project/,
    );
    await waitFor(() => expect(summary).toHaveFocus());
    expect(fake.state.attached).toEqual([
      {
        provider: 'SUPABASE',
        projectUrl: `https://${REF}.supabase.co`,
        anonKey: 'sb_publishable_key',
        databasePassword: 'pw',
      },
    ]);
    expect(section().getByText(`db.${REF}.supabase.co:5432`)).toBeInTheDocument();
    expect(section().getByText(REF)).toBeInTheDocument();
    expect(announcer()).toHaveTextContent(
      'Supabase is attached. The open preview reloads to use it.',
    );
    expect(
      section().queryByRole('button', { name: 'Attach a database service' }),
    ).not.toBeInTheDocument();
  });

  it('shows a wrong password at the password field, as the server words it, and stays off', async () => {
    const fake = databaseFake({
      refuseAttach: { status: 400, message: ErrorMessages.databasePasswordInvalid },
    });
    server.use(...fake.handlers);
    const view = renderSection();

    await view.user.click(
      await section().findByRole('button', { name: 'Attach a database service' }),
    );
    await view.user.type(form().getByLabelText('Project URL'), `https://${REF}.supabase.co`);
    await view.user.type(form().getByLabelText('Anon (public) key'), 'sb_publishable_key');
    await view.user.type(form().getByLabelText('Database password'), 'wrong');
    await view.user.click(form().getByRole('button', { name: 'Attach database' }));

    const password = form().getByLabelText('Database password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining(ErrorMessages.databasePasswordInvalid),
    );
    expect(fake.state.database).toBeNull();
  });

  it('attaches a PostgreSQL database by its URL; a refusal about the URL shows at it', async () => {
    const fake = databaseFake({
      refuseAttach: {
        status: 400,
        message: 'db.internal points to a private network address (10.0.0.4).',
        fieldErrors: {
          connectionUrl: 'db.internal points to a private network address (10.0.0.4).',
        },
      },
    });
    server.use(...fake.handlers);
    const view = renderSection();

    await view.user.click(
      await section().findByRole('button', { name: 'Attach a database service' }),
    );
    await view.user.click(form().getByRole('radio', { name: 'PostgreSQL database' }));
    expect(form().queryByLabelText('Project URL')).not.toBeInTheDocument();
    await view.user.type(
      form().getByLabelText('Connection URL'),
      'postgres://ada@db.internal/notes',
    );
    await view.user.click(form().getByRole('button', { name: 'Attach database' }));

    await waitFor(() =>
      expect(form().getByLabelText('Connection URL')).toHaveAccessibleDescription(
        expect.stringContaining('private network address'),
      ),
    );
    expect(fake.state.attached).toEqual([
      { provider: 'POSTGRES', connectionUrl: 'postgres://ada@db.internal/notes' },
    ]);
  });

  it('with a connected Supabase account: chooses one of its projects, or pastes keys instead', async () => {
    const fake = databaseFake();
    server.use(
      ...fake.handlers,
      mockEndpoint('getSupabaseIntegration', () => ({
        connection: { connectedAt: '2026-11-02T10:00:00.000Z' },
        configured: true,
      })),
      mockEndpoint('getSupabaseProjects', () => ({
        projects: [
          aSupabaseProject(),
          aSupabaseProject({ ref: 'zyxwvutsrqponmlkjihg', name: 'Shop', status: 'PAUSED' }),
        ],
      })),
    );
    const view = renderSection();

    await view.user.click(
      await section().findByRole('button', { name: 'Attach a database service' }),
    );
    const project = await form().findByRole('combobox', { name: 'Supabase project' });
    expect(project).toHaveValue(REF);
    expect(
      within(project)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`Notes (${REF})`, 'Shop (zyxwvutsrqponmlkjihg), paused']);
    expect(form().queryByLabelText('Anon (public) key')).not.toBeInTheDocument();
    await view.user.selectOptions(project, 'zyxwvutsrqponmlkjihg');
    await view.user.type(form().getByLabelText('Database password'), 'pw');
    await view.user.click(form().getByRole('button', { name: 'Attach database' }));

    await section().findByText(
      /The database is on: the app keeps its data in the attached Supabase project/,
    );
    expect(fake.state.attached).toEqual([
      { provider: 'SUPABASE_ACCOUNT', projectRef: 'zyxwvutsrqponmlkjihg', databasePassword: 'pw' },
    ]);
  });

  it('with a connected account, pasting keys instead asks for the URL and anon key', async () => {
    server.use(
      ...databaseFake().handlers,
      mockEndpoint('getSupabaseIntegration', () => ({
        connection: { connectedAt: '2026-11-02T10:00:00.000Z' },
        configured: true,
      })),
    );
    const view = renderSection();
    await view.user.click(
      await section().findByRole('button', { name: 'Attach a database service' }),
    );
    await view.user.click(
      await form().findByRole('button', { name: 'Paste a project’s URL and anon key instead' }),
    );
    expect(form().getByLabelText('Project URL')).toBeInTheDocument();
    expect(form().queryByRole('combobox', { name: 'Supabase project' })).not.toBeInTheDocument();
  });

  it('detaches only after a second confirmation, and says nothing is deleted', async () => {
    const fake = databaseFake({ database: anAttachedDatabase() });
    server.use(...fake.handlers);
    const view = renderSection();

    await view.user.click(await section().findByRole('button', { name: 'Detach database' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Detach Supabase?' });
    expect(dialog).toHaveTextContent('nothing in that database is deleted');
    await view.user.click(within(dialog).getByRole('button', { name: 'Keep it attached' }));
    expect(fake.state.detaches).toBe(0);

    await view.user.click(section().getByRole('button', { name: 'Detach database' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog', { name: 'Detach Supabase?' })).getByRole(
        'button',
        {
          name: 'Detach',
        },
      ),
    );
    expect(
      await section().findByRole('button', { name: 'Turn on the database' }),
    ).toBeInTheDocument();
    expect(fake.state.detaches).toBe(1);
    expect(announcer()).toHaveTextContent('The service is detached. The app has no database now.');
  });
});
