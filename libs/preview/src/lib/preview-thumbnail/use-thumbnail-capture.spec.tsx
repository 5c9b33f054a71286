import { act, screen, waitFor } from '@testing-library/react';
import { PREVIEW_BRIDGE_CHANNEL } from '@mason/contract/preview';
import type { ProjectThumbnailRequest } from '@mason/contract';
import { api } from '@mason/api-client';
import { aClientConfig, aProject, mockEndpoint } from '@mason/api-client/testing';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { PreviewPane } from '../preview-pane/preview-pane';

const server = setupApiServer();

const PREVIEW_ORIGIN = 'http://p-project-1.localhost:4200';
const IMAGE = 'data:image/webp;base64,UklGRhAAAABXRUJQVlA4IAQAAAA=';

interface Setup {
  readonly thumbnails?: boolean;
  readonly thumbnailVersionId?: string | null;
}

/**
 * The pane over the fake API: the preview of version-1 (the newest), the server's config and the
 * project's stored picture as given. Records what the pane asks the bridge and what it stores.
 */
async function renderPane({ thumbnails = true, thumbnailVersionId = null }: Setup = {}) {
  const stored: ProjectThumbnailRequest[] = [];
  server.use(
    mockEndpoint('getClientConfig', aClientConfig({ thumbnails })),
    mockEndpoint('getProject', ({ params }) =>
      aProject({ id: params['id'], latestVersionId: 'version-1', thumbnailVersionId }),
    ),
    mockEndpoint('putProjectThumbnail', ({ body }) => {
      const request = body as ProjectThumbnailRequest;
      stored.push(request);
      return { versionId: request.versionId };
    }),
  );
  const { store } = renderWithProviders(
    <PreviewSessionProvider session={new PreviewSession()}>
      <PreviewPane projectId="project-1" />
    </PreviewSessionProvider>,
  );
  const frame = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
  const frameWindow = frame.contentWindow;
  if (!frameWindow) throw new Error('The frame has no window.');
  const posted = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
  const bridgeSays = (body: Record<string, unknown>) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { channel: PREVIEW_BRIDGE_CHANNEL, ...body },
          origin: PREVIEW_ORIGIN,
          source: frameWindow,
        }),
      );
    });
  const captures = () =>
    posted.mock.calls
      .map(([message]) => message as { type: string; versionId?: string })
      .filter((message) => message.type === 'capture-thumbnail');
  /** The pane knows what decides: the server's config and, with thumbnails on, the project. */
  const decided = () =>
    waitFor(() => {
      const state = store.getState();
      const config = api.endpoints.getClientConfig.select()(state);
      expect(config.isSuccess).toBe(true);
      if (thumbnails)
        expect(api.endpoints.getProject.select('project-1')(state).isSuccess).toBe(true);
    });
  return { bridgeSays, captures, stored, decided };
}

const READY = { type: 'ready', url: '/', versionIndex: 1, versionId: 'version-1' };

describe('the preview’s picture for the project card', () => {
  it('asks the bridge once for the newest version without a picture, and stores what it sends', async () => {
    const { bridgeSays, captures, stored } = await renderPane();
    bridgeSays(READY);
    await waitFor(() =>
      expect(captures()).toEqual([
        { channel: PREVIEW_BRIDGE_CHANNEL, type: 'capture-thumbnail', versionId: 'version-1' },
      ]),
    );
    bridgeSays({ type: 'thumbnail', versionId: 'version-1', image: IMAGE });
    await waitFor(() => expect(stored).toEqual([{ versionId: 'version-1', image: IMAGE }]));
    // A reload of the same version asks no more.
    bridgeSays(READY);
    expect(captures()).toHaveLength(1);
  });

  it('asks nothing when the project’s picture already shows the newest version', async () => {
    const { bridgeSays, captures, decided } = await renderPane({
      thumbnailVersionId: 'version-1',
    });
    bridgeSays(READY);
    await decided();
    expect(captures()).toEqual([]);
  });

  it('asks nothing while thumbnails are off (GET /config), as in tests', async () => {
    const { bridgeSays, captures, decided } = await renderPane({ thumbnails: false });
    bridgeSays(READY);
    await decided();
    expect(captures()).toEqual([]);
  });

  it('asks nothing for a page that threw, and stores no picture that comes after an error', async () => {
    const { bridgeSays, captures, stored, decided } = await renderPane({
      thumbnailVersionId: 'version-0',
    });
    bridgeSays(READY);
    await waitFor(() => expect(captures()).toHaveLength(1));
    bridgeSays({ type: 'error', kind: 'error', message: 'boom', stack: null });
    bridgeSays({ type: 'thumbnail', versionId: 'version-1', image: 'data:image/jpeg;base64,AA==' });
    // The page loads again without an error: its picture is stored, the earlier one never was.
    bridgeSays(READY);
    bridgeSays({ type: 'thumbnail', versionId: 'version-1', image: IMAGE });
    await waitFor(() => expect(stored).toHaveLength(1));
    expect(stored).toEqual([{ versionId: 'version-1', image: IMAGE }]);
    await decided();
    expect(captures()).toHaveLength(1);
  });

  it('stores no picture of a version it did not ask for', async () => {
    const { bridgeSays, captures, stored } = await renderPane();
    bridgeSays(READY);
    await waitFor(() => expect(captures()).toHaveLength(1));
    bridgeSays({ type: 'thumbnail', versionId: 'version-0', image: IMAGE });
    bridgeSays({
      type: 'thumbnail',
      versionId: 'version-1',
      image: 'data:image/svg+xml;base64,AA==',
    });
    bridgeSays({ type: 'thumbnail', versionId: 'version-1', image: IMAGE });
    await waitFor(() => expect(stored).toHaveLength(1));
    expect(stored).toEqual([{ versionId: 'version-1', image: IMAGE }]);
  });

  it('asks nothing for a page showing another version than the newest', async () => {
    const { bridgeSays, captures, decided } = await renderPane();
    bridgeSays({ type: 'ready', url: '/', versionIndex: 0, versionId: 'version-0' });
    await decided();
    expect(captures()).toEqual([]);
  });
});
