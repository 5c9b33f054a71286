import { screen, waitFor, within } from '@testing-library/react';
import {
  errorHandler,
  mockEndpoint,
  pendingHandler,
  recordBrowserDownloads,
  type BrowserDownloads,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { ProjectWorkspace } from './project-workspace';

const server = setupApiServer();

function renderWorkspace() {
  return renderChat(<ProjectWorkspace projectId="project-1" preview={<p>The preview</p>} />, {
    route: '/projects/project-1',
    path: '/projects/:projectId',
  });
}

/** The workspace's header, once the project is loaded. */
const header = async () => {
  const heading = await screen.findByRole('heading', { name: 'Todo app', level: 1 });
  return within(heading.closest('header') as HTMLElement);
};

describe('Download code in the workspace header', () => {
  let downloads: BrowserDownloads;
  beforeEach(() => {
    localStorage.clear();
    downloads = recordBrowserDownloads();
  });
  afterEach(() => downloads.restore());

  it('asks for a link to the project’s newest code and starts the download of the zip', async () => {
    server.use(
      mockEndpoint('getProjectCode', ({ params, query }) => ({
        versionId: (query as { versionId?: string }).versionId ?? 'version-9',
        downloadUrl: `/api/projects/${params['id']}/code/download?version=version-9&token=fresh`,
        fileCount: 12,
        sizeBytes: 20_480,
        expiresAt: '2030-01-01T00:00:00.000Z',
      })),
    );
    const view = renderWorkspace();

    await view.user.click((await header()).getByRole('button', { name: 'Download code' }));

    await waitFor(() => expect(downloads.started).toHaveLength(1));
    const url = new URL(downloads.started[0]?.href ?? '');
    expect(url.pathname).toBe('/api/projects/project-1/code/download');
    expect(url.searchParams.get('version')).toBe('version-9');
    expect(await (await header()).findByText('The code is downloading.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(view.toasts).toEqual([]);
  });

  it('shows it is preparing while the server is asked', async () => {
    server.use(pendingHandler('getProjectCode'));
    const view = renderWorkspace();
    const bar = await header();

    await view.user.click(bar.getByRole('button', { name: 'Download code' }));

    await waitFor(() =>
      expect(bar.getByRole('button', { name: 'Preparing…' })).toHaveAttribute('aria-busy', 'true'),
    );
    expect(downloads.started).toEqual([]);
  });

  it('says why below the button when it fails, and tries again on the next click', async () => {
    server.use(errorHandler('getProjectCode', 500, {}, { once: true }));
    const view = renderWorkspace();
    const bar = await header();

    await view.user.click(bar.getByRole('button', { name: 'Download code' }));

    expect(await bar.findByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. Unknown server error',
    );
    expect(bar.getByRole('button', { name: 'Download code' })).toHaveAccessibleDescription(
      'The code could not be downloaded. Unknown server error',
    );
    expect(view.toasts).toEqual([]);
    expect(downloads.started).toEqual([]);

    await view.user.click(bar.getByRole('button', { name: 'Download code' }));
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    expect(bar.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes the message when asked', async () => {
    server.use(errorHandler('getProjectCode', 404, { message: 'This project has no files yet.' }));
    const view = renderWorkspace();
    const bar = await header();

    await view.user.click(bar.getByRole('button', { name: 'Download code' }));
    const alert = await bar.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The code could not be downloaded. This project has no files yet.',
    );

    await view.user.click(within(alert).getByRole('button', { name: 'Close the message' }));
    expect(bar.queryByRole('alert')).not.toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Download code' })).not.toHaveAccessibleDescription(
      /could not be downloaded/,
    );
    expect(downloads.started).toEqual([]);
  });
});
