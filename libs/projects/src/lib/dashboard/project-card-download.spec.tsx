import { screen, waitFor, within } from '@testing-library/react';
import {
  aProject,
  errorHandler,
  mockEndpoint,
  pendingHandler,
  recordBrowserDownloads,
  type BrowserDownloads,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { ProjectsDashboard } from './projects-dashboard';
import { renderProjects } from '../test-utils/render-projects';

const server = setupApiServer();

function renderDashboard() {
  server.use(
    mockEndpoint('getProjects', {
      projects: [
        aProject({ id: 'p-mugs', name: 'Mug shop' }),
        aProject({ id: 'p-todo', name: 'Todo app' }),
      ],
    }),
  );
  return renderProjects(<ProjectsDashboard />, {
    route: '/dashboard/projects',
    path: '/dashboard/projects',
  });
}

const card = async (name: string) =>
  within((await screen.findByRole('heading', { name })).closest('article') as HTMLElement);

describe('Download code on a project card', () => {
  let downloads: BrowserDownloads;
  beforeEach(() => {
    downloads = recordBrowserDownloads();
  });
  afterEach(() => downloads.restore());

  it('asks for a link to that project’s code and starts the download of the zip', async () => {
    server.use(
      mockEndpoint('getProjectCode', ({ params }) => ({
        versionId: 'version-3',
        downloadUrl: `/api/projects/${params['id']}/code/download?version=version-3&token=fresh`,
        fileCount: 12,
        sizeBytes: 20_480,
        expiresAt: '2030-01-01T00:00:00.000Z',
      })),
    );
    const view = renderDashboard();
    const todo = await card('Todo app');

    const button = todo.getByRole('button', { name: 'Download code of Todo app' });
    // Its name starts with the words it shows (a voice-control user says what they see).
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveTextContent(/^Download code/);
    await view.user.click(button);

    await waitFor(() => expect(downloads.started).toHaveLength(1));
    expect(new URL(downloads.started[0]?.href ?? '').pathname).toBe(
      '/api/projects/p-todo/code/download',
    );
    expect(new URL(downloads.started[0]?.href ?? '').searchParams.get('token')).toBe('fresh');
    expect(todo.getByRole('status')).toHaveTextContent('The code of Todo app is downloading.');
    expect(todo.getByRole('button', { name: 'Download code of Todo app' })).not.toHaveAttribute(
      'aria-busy',
    );
    expect(view.toasts).toEqual([]);
  });

  it('shows it is preparing while the server is asked', async () => {
    server.use(pendingHandler('getProjectCode'));
    const view = renderDashboard();
    const mugs = await card('Mug shop');

    const button = mugs.getByRole('button', { name: 'Download code of Mug shop' });
    await view.user.click(button);

    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveTextContent(/^Preparing…/);
    expect(button).toHaveAccessibleName('Preparing… the code of Mug shop');
    expect(downloads.started).toEqual([]);
  });

  it('says why in the card when the code cannot be had, and downloads on the next try', async () => {
    server.use(
      errorHandler(
        'getProjectCode',
        404,
        { message: 'This project has no files yet.' },
        { once: true },
      ),
    );
    const view = renderDashboard();
    const mugs = await card('Mug shop');
    const button = mugs.getByRole('button', { name: 'Download code of Mug shop' });

    await view.user.click(button);

    expect(await mugs.findByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. This project has no files yet.',
    );
    expect(button).toHaveAccessibleDescription(
      'The code could not be downloaded. This project has no files yet.',
    );
    // Said once, in the card: no toast as well.
    expect(view.toasts).toEqual([]);
    expect(downloads.started).toEqual([]);
    // The other card is not touched.
    expect((await card('Todo app')).queryByRole('alert')).not.toBeInTheDocument();

    await view.user.click(button);
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    expect(mugs.queryByRole('alert')).not.toBeInTheDocument();
  });
});
