import { act, screen, waitFor, within } from '@testing-library/react';
import type { CreateTaskRequest, UpdateProjectRequest } from '@mason/contract';
import {
  aProject,
  aProjectDatabase,
  aTask,
  aVersion,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { PHONE_QUERY } from '@mason/ui-kit';
import { setupApiServer } from '@mason/web-testing';
import { CHAT_WIDTH_STORAGE_KEY } from '../chat-width/use-chat-width';
import { renderChat } from '../../test-utils/render-chat';
import { ProjectWorkspace } from './project-workspace';

const server = setupApiServer();

beforeEach(() => localStorage.clear());

function renderWorkspace(route = '/projects/project-1') {
  return renderChat(<ProjectWorkspace projectId="project-1" preview={<p>The preview</p>} />, {
    route,
    path: '/projects/:projectId',
    routes: { '/dashboard/projects': <h1>Your projects</h1> },
  });
}

const history = () => screen.getByRole('complementary', { name: 'History' });

describe('ProjectWorkspace', () => {
  it('shows the project, the chat of its first task, the history and the preview', async () => {
    renderWorkspace();

    expect(await screen.findByRole('heading', { name: 'Todo app', level: 1 })).toBeInTheDocument();
    // The description is one hover away, not repeated on the screen.
    expect(screen.getByRole('heading', { name: 'Todo app', level: 1 })).toHaveAttribute(
      'title',
      'A todo app with due dates and reminders',
    );
    expect(await screen.findByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('The preview');
    expect(
      within(history()).getByRole('button', { name: /Build a todo app with due dates/ }),
    ).toHaveAttribute('aria-current', 'true');
    expect(await within(history()).findByText('Version 1')).toBeInTheDocument();
    expect(within(history()).getByText('Current')).toBeInTheDocument();
  });

  it('mounts the code view the first time Code is picked, then keeps it', async () => {
    const { user } = renderChat(
      <ProjectWorkspace
        projectId="project-1"
        preview={<p>The preview</p>}
        code={<p>The code view</p>}
      />,
      { route: '/projects/project-1', path: '/projects/:projectId' },
    );
    await screen.findByRole('heading', { name: 'Todo app', level: 1 });
    // Beside the preview it neither loads a file nor the highlighter.
    expect(screen.queryByText('The code view')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect(screen.getByText('The code view')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('The code view')).not.toBeVisible();
    expect(screen.getByText('The preview')).toBeVisible();
  });

  it('has no Database view while the project’s database is off', async () => {
    renderWorkspace();
    await screen.findByRole('heading', { name: 'Todo app', level: 1 });
    expect(screen.queryByRole('tab', { name: 'Database' })).not.toBeInTheDocument();
  });

  it('shows the Database view once the project’s database is on: its tables and rows, mounted when picked', async () => {
    server.use(mockEndpoint('getProjectDatabase', { database: aProjectDatabase() }));
    const { user } = renderChat(
      <ProjectWorkspace
        projectId="project-1"
        preview={<p>The preview</p>}
        code={<p>The code view</p>}
      />,
      { route: '/projects/project-1', path: '/projects/:projectId' },
    );
    const views = within(await screen.findByRole('tablist', { name: 'Workspace views' }));
    expect(views.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Preview',
      'Code',
      'Database',
    ]);
    expect(screen.queryByRole('heading', { name: 'Database', level: 2 })).not.toBeInTheDocument();

    await user.click(views.getByRole('tab', { name: 'Database' }));
    const panel = screen.getByRole('tabpanel', { name: 'Database' });
    expect(within(panel).getByRole('heading', { name: 'Database', level: 2 })).toBeVisible();
    expect(await within(panel).findByRole('table', { name: 'Rows of notes' })).toBeVisible();
    expect(screen.getByText('The preview')).not.toBeVisible();
    // The arrows move between the views.
    await user.keyboard('{ArrowRight}');
    expect(views.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('The preview')).toBeVisible();
  });

  it('opens on the code of a project the preview cannot run, and the preview stays a tab away', async () => {
    server.use(
      mockEndpoint('getProjectPreview', {
        url: 'https://p-project-1.preview.example/?mason_preview=test',
        origin: 'https://p-project-1.preview.example',
        versionIndex: 0,
        versionId: 'version-0',
        expiresAt: '2025-01-15T10:00:00.000Z',
        tailwind: false,
        unsupportedReason: 'The preview runs Vite + React apps.',
      }),
    );
    const { user } = renderChat(
      <ProjectWorkspace
        projectId="project-1"
        preview={<p>The preview</p>}
        code={<p>The code view</p>}
      />,
      { route: '/projects/project-1', path: '/projects/:projectId' },
    );

    expect(await screen.findByText('The code view')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('The preview')).toBeVisible();
    expect(screen.getByText('The code view')).not.toBeVisible();
  });

  it('shows the chat of the task picked in the history, and keeps it in the address', async () => {
    server.use(
      mockEndpoint('getTasks', {
        tasks: [
          aTask(),
          aTask({
            id: 'task-2',
            description: 'Add reminders by e-mail',
            createdAt: '2025-01-16T10:00:00.000Z',
          }),
        ],
      }),
      mockEndpoint('getTask', ({ params }) =>
        params['id'] === 'task-2'
          ? aTask({ id: 'task-2', description: 'Add reminders by e-mail' })
          : aTask(),
      ),
    );
    const { user, location } = renderWorkspace();

    await user.click(
      await within(await screen.findByRole('complementary', { name: 'History' })).findByRole(
        'button',
        { name: /Add reminders by e-mail/ },
      ),
    );

    expect(
      await screen.findByRole('heading', { name: 'Add reminders by e-mail', level: 2 }),
    ).toBeInTheDocument();
    expect(location.search).toBe('?taskId=task-2');
  });

  it('opens the task named in the address (?taskId=)', async () => {
    server.use(
      mockEndpoint('getTask', ({ params }) =>
        aTask({ id: params['id'], description: `Task ${params['id']}` }),
      ),
    );
    renderWorkspace('/projects/project-1?taskId=task-7');
    expect(
      await screen.findByRole('heading', { name: 'Task task-7', level: 2 }),
    ).toBeInTheDocument();
  });

  it('reverts from the history after asking', async () => {
    const reverted: unknown[] = [];
    server.use(
      mockEndpoint('getTaskVersions', {
        versions: [aVersion({ index: 1 }), aVersion({ index: 2, summary: 'Added reminders' })],
      }),
      mockEndpoint('getProject', aProject({ latestVersionId: 'version-2' })),
      mockEndpoint('revertTask', ({ body }) => {
        reverted.push(body);
        const index = reverted.length + 2;
        return {
          task: aTask(),
          version: aVersion({ index, versionId: `version-${index}`, summary: 'Reverted' }),
          previous: aVersion({ index: index - 1, versionId: `version-${index - 1}` }),
        };
      }),
    );
    const session = new PreviewSession();
    const { user } = renderChat(
      <PreviewSessionProvider session={session}>
        <ProjectWorkspace projectId="project-1" preview={<p>The preview</p>} />
      </PreviewSessionProvider>,
      { route: '/projects/project-1', path: '/projects/:projectId' },
    );
    const panel = await screen.findByRole('complementary', { name: 'History' });
    await within(panel).findByText('Version 2');
    expect(
      within(panel)
        .getAllByText(/^Version \d$/)
        .map((node) => node.textContent),
    ).toEqual(['Version 2', 'Version 1']);

    // The person looks at version 1, then reverts to it: the preview then shows the newest.
    await user.click(within(panel).getByRole('button', { name: 'Preview version 1' }));
    expect(session.getState().viewedVersion).toMatchObject({ index: 1 });
    await user.click(within(panel).getByRole('button', { name: 'Revert to version 1' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revert' }),
    );

    await waitFor(() => expect(reverted).toEqual([{ versionId: 'version-1' }]));
    const done = await screen.findByText('Reverted to version 1. It is saved as version 3.');
    expect(session.getState().viewedVersion).toBeNull();

    // Undo reverts to the version that was the newest before.
    await user.click(
      within(done.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }),
    );
    await waitFor(() =>
      expect(reverted).toEqual([{ versionId: 'version-1' }, { versionId: 'version-2' }]),
    );
    expect(
      await screen.findByText('Revert undone: version 2’s files are back, saved as version 4.'),
    ).toBeInTheDocument();
  });

  it('keeps Undo in the history while a revert is the newest version', async () => {
    const reverted: unknown[] = [];
    server.use(
      mockEndpoint('getTaskVersions', {
        versions: [
          aVersion({ index: 1 }),
          aVersion({ index: 2, versionId: 'version-2', summary: 'Added reminders' }),
          aVersion({ index: 3, versionId: 'version-3', summary: 'Reverted to version 1' }),
        ],
      }),
      mockEndpoint('getProject', aProject({ latestVersionId: 'version-3' })),
      mockEndpoint('revertTask', ({ body }) => {
        reverted.push(body);
        return {
          task: aTask(),
          version: aVersion({ index: 4, versionId: 'version-4' }),
          previous: null,
        };
      }),
    );
    const { user } = renderWorkspace();
    const panel = await screen.findByRole('complementary', { name: 'History' });
    await user.click(
      await within(panel).findByRole('button', { name: 'Undo the revert: back to version 2' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Revert to version 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(reverted).toEqual([{ versionId: 'version-2' }]));
    expect(
      await screen.findByText('Reverted to version 2. It is saved as version 4.'),
    ).toBeInTheDocument();
  });

  it('hides and shows the history from the bar, and closes it from the panel', async () => {
    const { user } = renderWorkspace();
    const toggle = await screen.findByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'History' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByRole('complementary', { name: 'History' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide history' }));
    expect(screen.queryByRole('complementary', { name: 'History' })).not.toBeInTheDocument();
  });

  it('renames the project in place', async () => {
    const sent: UpdateProjectRequest[] = [];
    server.use(
      mockEndpoint('updateProject', ({ body }) => {
        sent.push(body as UpdateProjectRequest);
        return aProject({ name: 'Chores' });
      }),
    );
    const { user } = renderWorkspace();

    await user.click(await screen.findByRole('button', { name: 'Rename the project' }));
    const name = screen.getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give the project a name.')).toBeInTheDocument();

    server.use(mockEndpoint('getProject', aProject({ name: 'Chores' })));
    await user.type(name, 'Chores{Enter}');
    await waitFor(() => expect(sent).toEqual([{ name: 'Chores' }]));
    expect(await screen.findByRole('heading', { name: 'Chores', level: 1 })).toBeInTheDocument();
    // Focus is back on the button that opened the edit.
    expect(screen.getByRole('button', { name: 'Rename the project' })).toHaveFocus();
  });

  it('edits the description in the project settings, and Escape leaves it as it was', async () => {
    const sent: UpdateProjectRequest[] = [];
    server.use(
      mockEndpoint('updateProject', ({ body }) => {
        sent.push(body as UpdateProjectRequest);
        return aProject({ description: 'Chores for the family' });
      }),
    );
    const { user } = renderWorkspace();

    await user.click(await screen.findByRole('button', { name: 'Project settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project settings' });
    expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveValue('Todo app');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Project description' }),
      ' and more{Escape}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Project settings' }));
    const field = within(await screen.findByRole('dialog')).getByRole('textbox', {
      name: 'Project description',
    });
    expect(field).toHaveValue('A todo app with due dates and reminders');
    await user.clear(field);
    await user.type(field, 'Chores for the family');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ description: 'Chores for the family' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('on a phone (narrower than 768 px)', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        media: query,
        matches: query === PHONE_QUERY,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = original;
    });

    it('shows Chat, Preview and History as tabs, the chat first and the history closed', async () => {
      const { user } = renderWorkspace();
      const tabs = within(await screen.findByRole('tablist', { name: 'Workspace' }));
      expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Chat',
        'Preview',
        'History',
      ]);
      expect(tabs.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByRole('log', { name: 'Conversation' })).toBeVisible();
      expect(screen.getByRole('form', { name: 'Message the assistant' })).toBeVisible();
      expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: 'History' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();

      await user.click(tabs.getByRole('tab', { name: 'Preview' }));
      expect(screen.getByText('The preview')).toBeVisible();
      expect(screen.queryByRole('log', { name: 'Conversation' })).not.toBeInTheDocument();

      // Arrow keys move between the tabs.
      await user.keyboard('{ArrowRight}');
      expect(tabs.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByRole('complementary', { name: 'History' })).toBeVisible();
    });
  });

  it('opens the hidden chat when the preview sends it a message (Fix with AI)', async () => {
    const session = new PreviewSession();
    const { user } = renderChat(
      <PreviewSessionProvider session={session}>
        <ProjectWorkspace projectId="project-1" preview={<p>The preview</p>} />
      </PreviewSessionProvider>,
      { route: '/projects/project-1', path: '/projects/:projectId' },
    );
    await user.click(await screen.findByRole('button', { name: 'Hide chat' }));
    expect(screen.queryByRole('log', { name: 'Conversation' })).not.toBeInTheDocument();
    act(() => session.requestChatMessage('Fix this error: x is not defined'));
    expect(await screen.findByRole('log', { name: 'Conversation' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide chat' })).toBeVisible();
  });

  it('starts another task, with the files it reads first, and shows its chat', async () => {
    const created: CreateTaskRequest[] = [];
    server.use(
      mockEndpoint('createTask', ({ body }) => {
        created.push(body as CreateTaskRequest);
        return aTask({
          id: 'task-2',
          description: (body as CreateTaskRequest).description,
          state: 'PENDING',
        });
      }),
      mockEndpoint('getTask', ({ params }) =>
        params['id'] === 'task-2'
          ? aTask({ id: 'task-2', description: 'Add a settings page' })
          : aTask(),
      ),
    );
    const { user, location } = renderWorkspace();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Start the task' }));
    expect(await within(dialog).findByText('Describe what to build.')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'What should this task do?' }),
      'Add a settings page',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Filter the files' }), 'app');
    expect(
      within(dialog).queryByRole('checkbox', { name: 'src/main.tsx' }),
    ).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'src/App.tsx' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start the task' }));

    await waitFor(() =>
      expect(created).toEqual([
        {
          projectId: 'project-1',
          description: 'Add a settings page',
          model: 'CLAUDE_SONNET_4_5',
          filePaths: ['src/App.tsx'],
        },
      ]),
    );
    expect(
      await screen.findByRole('heading', { name: 'Add a settings page', level: 2 }),
    ).toBeInTheDocument();
    expect(location.search).toBe('?taskId=task-2');
  });

  it('switches automatic repair off in the project settings', async () => {
    const sent: UpdateProjectRequest[] = [];
    server.use(
      mockEndpoint('updateProject', ({ body }) => {
        sent.push(body as UpdateProjectRequest);
        return aProject({ autoRepair: false });
      }),
    );
    const { user } = renderWorkspace();
    await user.click(await screen.findByRole('button', { name: 'Project settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project settings' });
    const repair = within(dialog).getByRole('checkbox', {
      name: /^Let the assistant fix its own errors/,
    });
    expect(repair).toBeChecked();
    // The control says what it does: only the assistant's own errors, never the person's work.
    expect(repair).toHaveAccessibleDescription(/never undoes your changes/);
    expect(repair).toHaveAccessibleDescription(/Fix with AI in the preview’s console/);
    await user.click(repair);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ autoRepair: false }]));
  });

  it('resizes the history from its edge, with the keyboard too, and keeps the width', async () => {
    const { user } = renderWorkspace();
    const edge = await screen.findByRole('separator', { name: 'Resize the history' });
    expect(edge).toHaveAttribute('aria-valuenow', '288');
    edge.focus();
    // The history is after its edge: moving the edge left widens it.
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(edge).toHaveAttribute('aria-valuenow', '320');
    await user.keyboard('{End}');
    expect(edge).toHaveAttribute('aria-valuenow', '480');
    await waitFor(() => expect(localStorage.getItem('mason.historyWidth')).toBe('480'));
  });

  it('collapses the chat and opens it again at 520 px', async () => {
    const { user } = renderWorkspace();
    await user.click(await screen.findByRole('button', { name: 'Hide chat' }));
    expect(screen.queryByRole('log', { name: 'Conversation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show the chat' }));
    expect(await screen.findByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'Resize the chat' })).toHaveAttribute(
      'aria-valuenow',
      '520',
    );
  });

  it('resizes the chat from the keyboard and remembers the width', async () => {
    const { user } = renderWorkspace();
    const edge = await screen.findByRole('separator', { name: 'Resize the chat' });
    expect(edge).toHaveAttribute('aria-valuenow', '500');

    edge.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowLeft}{/Shift}');
    expect(edge).toHaveAttribute('aria-valuenow', '468');
    await user.keyboard('{Home}');
    expect(edge).toHaveAttribute('aria-valuenow', '320');
    await waitFor(() => expect(localStorage.getItem(CHAT_WIDTH_STORAGE_KEY)).toBe('320'));
  });

  it('says a project that is not there, or not this person’s, does not exist, with the way back', async () => {
    server.use(errorHandler('getProject', 404, { message: 'Project not found.' }));
    const { user } = renderWorkspace();

    expect(
      await screen.findByRole('heading', { name: 'This project does not exist or is not yours' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to your projects' }));
    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeInTheDocument();
  });

  it('offers a retry when the project cannot be loaded', async () => {
    server.use(errorHandler('getProject', 500, {}, { once: true }));
    const { user } = renderWorkspace();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Todo app', level: 1 })).toBeInTheDocument();
  });

  it('shows that the project is loading', async () => {
    server.use(pendingHandler('getProject'));
    renderWorkspace();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the project');
  });

  it('goes to the login page, with the project to come back to, when the server answers 401', async () => {
    server.use(errorHandler('getProject', 401));
    const view = renderChat(<ProjectWorkspace projectId="project-1" />, {
      route: '/projects/project-1',
      path: '/projects/:projectId',
      routes: { '/login': <h1>Log in</h1> },
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(view.location.search).toBe('?projectId=project-1');
  });
});
