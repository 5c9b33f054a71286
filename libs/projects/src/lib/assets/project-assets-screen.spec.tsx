import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ASSET_MAX_BYTES, type Asset } from '@mason/contract';
import {
  anAsset,
  DEFAULT_RESPONDERS,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { ProjectAssetsScreen } from './project-assets-screen';

const server = setupApiServer();

const renderScreen = (route = '/assets?projectId=project-1') =>
  renderProjects(<ProjectAssetsScreen />, { route, path: '/assets' });

/** A project's assets that uploads add to and deletes take from, as the server keeps them. */
function serveAssets(initial: Asset[]) {
  let assets = [...initial];
  const requests = { uploads: 0, deletes: [] as string[] };
  let hold: Promise<void> | null = null;
  server.use(
    mockEndpoint('getProjectAssets', () => ({ assets })),
    mockEndpoint('uploadProjectAsset', async (request) => {
      requests.uploads += 1;
      if (hold) await hold;
      const answer = await DEFAULT_RESPONDERS.uploadProjectAsset(request);
      if (!(answer instanceof Response)) {
        assets = [...assets.filter((asset) => asset.fileName !== answer.fileName), answer];
      }
      return answer;
    }),
    mockEndpoint('deleteProjectAsset', ({ params }) => {
      requests.deletes.push(params['assetId'] as string);
      assets = assets.filter((asset) => asset.id !== params['assetId']);
      return { ok: true };
    }),
  );
  return {
    requests,
    /** Holds uploads until the promise given resolves. */
    holdUploads(until: Promise<void>) {
      hold = until;
    },
  };
}

/** A file as the browser gives it (Node's File: the fetch that sends it is Node's). */
const fileOf = (name: string, bytes: number, type = 'image/png') =>
  new NodeFile([new Uint8Array(bytes)], name, { type }) as unknown as File;
const png = (name: string, bytes = 300) => fileOf(name, bytes);

const logo = anAsset();
const font = anAsset({
  id: 'asset-2',
  fileName: 'Brand.woff2',
  path: 'public/Brand.woff2',
  url: '/Brand.woff2',
  contentType: 'font/woff2',
  size: 48_000,
});

describe('ProjectAssetsScreen', () => {
  it('asks for a project when none is named: each of the person’s projects opens its assets', async () => {
    renderScreen('/assets');
    expect(screen.getByRole('heading', { level: 1, name: 'Assets' })).toBeInTheDocument();
    const choices = await screen.findByRole('navigation', { name: 'Choose a project' });
    expect(within(choices).getByRole('link', { name: 'Todo app' })).toHaveAttribute(
      'href',
      '/assets?projectId=project-1',
    );
  });

  it('lists each asset with a thumbnail for images, its kind and size, and the path to use in code', async () => {
    serveAssets([logo, font]);
    renderScreen();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Assets of Todo app' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Assets' });
    const image = within(list).getByRole('listitem', { name: 'logo.png' });
    expect(within(image).getByRole('img', { name: 'Preview of logo.png' })).toHaveAttribute(
      'src',
      logo.previewUrl,
    );
    expect(within(image).getByText('PNG image · 2 KB')).toBeInTheDocument();
    expect(within(image).getByText('/logo.png')).toBeInTheDocument();
    const fontCard = within(list).getByRole('listitem', { name: 'Brand.woff2' });
    expect(within(fontCard).queryByRole('img')).not.toBeInTheDocument();
    expect(within(fontCard).getByText('WOFF2 font · 47 KB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open project' })).toHaveAttribute(
      'href',
      '/projects/project-1',
    );
  });

  it('copies the path an asset’s code uses, and says so', async () => {
    serveAssets([logo]);
    const view = renderScreen();
    // user-event's clipboard stands in for the browser's.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await view.user.click(await screen.findByRole('button', { name: 'Copy the path /logo.png' }));
    expect(writeText).toHaveBeenCalledWith('/logo.png');
    expect(screen.getByText('Copied /logo.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the path /logo.png' })).toHaveTextContent(
      'Copied',
    );
  });

  it('uploads a chosen file with progress, then says where it went and lists it', async () => {
    const assets = serveAssets([]);
    let release = () => undefined as void;
    assets.holdUploads(new Promise<void>((resolve) => (release = resolve)));
    const view = renderScreen();
    expect(await screen.findByRole('heading', { name: 'No assets yet' })).toBeInTheDocument();

    await view.user.upload(screen.getByLabelText('Files to upload'), png('My Logo.png'));
    expect(await screen.findByRole('progressbar', { name: 'Uploading My Logo.png' })).toBeVisible();
    expect(screen.getByText(/Uploading My Logo.png \(300 B\)/)).toBeInTheDocument();
    release();

    expect(
      await screen.findByText('Added My Logo.png as My-Logo.png. Use it in code as /My-Logo.png'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Assets' });
    expect(within(list).getByRole('listitem', { name: 'My-Logo.png' })).toBeInTheDocument();
    expect(assets.requests.uploads).toBe(1);
  });

  it('uploads dropped files one after another, and says which were replaced', async () => {
    const assets = serveAssets([logo]);
    renderScreen();
    const zone = await screen.findByRole('region', { name: 'Upload assets' });
    await screen.findByRole('list', { name: 'Assets' });
    fireEvent.drop(zone, {
      dataTransfer: { files: [png('logo.png'), png('hero.png')], types: ['Files'] },
    });

    expect(await screen.findByText('Added hero.png. Use it in code as /hero.png')).toBeVisible();
    expect(screen.getByText('Replaced logo.png. Use it in code as /logo.png')).toBeVisible();
    expect(assets.requests.uploads).toBe(2);
    const list = screen.getByRole('list', { name: 'Assets' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['logo.png', 'hero.png']),
    );
  });

  it('refuses before sending a file of a kind apps do not use, one too big and one without a usable name', async () => {
    const assets = serveAssets([]);
    renderScreen();
    const zone = await screen.findByRole('region', { name: 'Upload assets' });
    const big = fileOf('photo.png', ASSET_MAX_BYTES + 1);
    fireEvent.drop(zone, {
      dataTransfer: {
        files: [fileOf('setup.exe', 1, 'application/x-msdownload'), big, png('!!!.png')],
        types: ['Files'],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Some files were not uploaded')).toBeInTheDocument();
    expect(alert).toHaveTextContent('setup.exe is not a kind of file an app can use as an asset.');
    expect(alert).toHaveTextContent('photo.png is 10 MB, larger than 10 MB');
    expect(alert).toHaveTextContent('Give the file a name with letters or digits, like logo.png');
    expect(assets.requests.uploads).toBe(0);
  });

  it('shows the server’s refusal beside the upload, not as a toast', async () => {
    serveAssets([]);
    server.use(
      errorHandler('uploadProjectAsset', 413, {
        message: 'This project is full: it holds 100 MB of files and uploads.',
      }),
    );
    const view = renderScreen();
    await view.user.upload(screen.getByLabelText('Files to upload'), png('logo.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not uploadedThis project is full: it holds 100 MB of files and uploads.',
    );
    expect(view.toasts).toEqual([]);
  });

  it('deletes an asset after asking', async () => {
    const assets = serveAssets([logo]);
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Delete logo.png' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete logo.png?' });
    expect(dialog).toHaveTextContent('code that uses /logo.png shows nothing there any more');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(assets.requests.deletes).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Delete logo.png' }));
    await view.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { name: 'No assets yet' })).toBeInTheDocument();
    expect(assets.requests.deletes).toEqual(['asset-1']);
  });

  it('shows loading, then a way to try again when the assets could not be loaded', async () => {
    server.use(pendingHandler('getProjectAssets'));
    const { unmount } = renderScreen();
    expect(await screen.findByText('Loading the assets…')).toBeInTheDocument();
    unmount();

    server.use(errorHandler('getProjectAssets', 500));
    renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'The assets could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
