import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import {
  errorHandler,
  makeApiTestStore,
  mockEndpoint,
  recordBrowserDownloads,
  testBaseUrl,
} from '../testing';
import type { BrowserDownloads } from '../testing/browser-downloads';
import { setupApiServer } from '../test-utils/msw';
import { useDownloadProjectCode } from './download-project-code';

const server = setupApiServer();

function renderDownload(projectId = 'project-1') {
  const { store } = makeApiTestStore({ token: 'token', pathname: '/dashboard/projects' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useDownloadProjectCode(projectId), { wrapper });
}

describe('useDownloadProjectCode', () => {
  let downloads: BrowserDownloads;
  beforeEach(() => {
    downloads = recordBrowserDownloads();
  });
  afterEach(() => downloads.restore());

  it('asks for a fresh link (the chosen version), then starts the download of the zip on the API’s origin', async () => {
    const asked: (string | null)[] = [];
    const urls: string[] = [];
    server.use(
      mockEndpoint('getProjectCode', ({ request, params, query }) => {
        const versionId = (query as { versionId?: string }).versionId ?? null;
        asked.push(versionId);
        // As sent: no stray '?' when there is no version to choose.
        urls.push(request.url.replace(/^https?:\/\/[^/]+/, ''));
        return {
          versionId: versionId ?? 'version-2',
          downloadUrl: `/api/projects/${params['id']}/code/download?version=v&token=t${asked.length}`,
          fileCount: 10,
          sizeBytes: 4096,
          expiresAt: '2030-01-01T00:00:00.000Z',
        };
      }),
    );
    const { result } = renderDownload();

    let started = false;
    await act(async () => {
      started = await result.current.download();
    });
    expect(started).toBe(true);
    expect(result.current).toMatchObject({ started: true, preparing: false, error: null });
    const origin = new URL(testBaseUrl()).origin;
    expect(downloads.started).toEqual([
      { href: `${origin}/api/projects/project-1/code/download?version=v&token=t1`, download: '' },
    ]);
    // The anchor is gone again.
    expect(document.querySelectorAll('a')).toHaveLength(0);

    // Each click asks again: a link works for minutes only.
    await act(async () => {
      await result.current.download('version-0');
    });
    expect(asked).toEqual([null, 'version-0']);
    expect(urls).toEqual([
      '/api/projects/project-1/code',
      '/api/projects/project-1/code?versionId=version-0',
    ]);
    expect(downloads.started.map((click) => click.href.slice(-2))).toEqual(['t1', 't2']);
  });

  it('is preparing while the server is asked, and asks once for two quick clicks', async () => {
    let calls = 0;
    server.use(
      mockEndpoint('getProjectCode', () => {
        calls += 1;
        // The server never answers.
        return new Promise(() => undefined);
      }),
    );
    const { result } = renderDownload();

    act(() => {
      void result.current.download();
      void result.current.download();
    });
    await waitFor(() => expect(result.current.preparing).toBe(true));
    await waitFor(() => expect(calls).toBe(1));
    expect(downloads.started).toEqual([]);
  });

  it('says why when the link cannot be had, starts nothing, and forgets the error when dismissed or on the next try', async () => {
    server.use(
      errorHandler(
        'getProjectCode',
        404,
        { message: 'This project has no files yet.' },
        { once: true },
      ),
    );
    const { result } = renderDownload();

    let started = true;
    await act(async () => {
      started = await result.current.download();
    });
    expect(started).toBe(false);
    expect(result.current.error?.message).toBe('This project has no files yet.');
    expect(result.current.started).toBe(false);
    expect(downloads.started).toEqual([]);

    act(() => result.current.dismiss());
    expect(result.current.error).toBeNull();

    server.use(errorHandler('getProjectCode', 500, {}, { once: true }));
    await act(async () => {
      await result.current.download();
    });
    expect(result.current.error?.message).toBe('Unknown server error');
    await act(async () => {
      await result.current.download();
    });
    expect(result.current.error).toBeNull();
    expect(downloads.started).toHaveLength(1);
  });
});
