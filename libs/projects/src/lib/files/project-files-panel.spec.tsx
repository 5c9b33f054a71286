import { screen, waitFor, within } from '@testing-library/react';
import type { ProjectFile } from '@mason/contract';
import {
  aProjectFile,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { formatSize, ProjectFilesPanel } from './project-files-panel';

const server = setupApiServer();

const FILES: ProjectFile[] = [
  aProjectFile({
    path: 'src/App.tsx',
    content:
      "import { useState } from 'react';\n\nexport function App() {\n  return <h1>Todos</h1>;\n}\n",
  }),
  aProjectFile({ path: 'src/index.css', content: 'body {\n  margin: 0;\n}\n' }),
  aProjectFile({ path: 'index.html', content: '<!doctype html>\n<div id="root"></div>\n' }),
  aProjectFile({ path: 'public/logo.png', content: 'iVBORw0KGgo=', encoding: 'base64', size: 8 }),
  aProjectFile({
    path: 'fonts/inter.woff2',
    content: 'd09GMgABAAAA',
    encoding: 'base64',
    size: 2048,
  }),
];

/** A project whose newest version (number 3) holds FILES. */
function serveFiles(files: ProjectFile[] = FILES) {
  const asked: (string | undefined)[] = [];
  server.use(
    mockEndpoint('getProjectFilePaths', {
      versionId: 'version-3',
      versionIndex: 3,
      filePaths: files.map(({ path }) => path).sort(),
    }),
    mockEndpoint('getProjectFiles', ({ query }) => {
      const { filePath } = query as { filePath?: string };
      asked.push(filePath);
      return { versionId: 'version-3', files: files.filter(({ path }) => path === filePath) };
    }),
  );
  return asked;
}

const renderPanel = () => renderProjects(<ProjectFilesPanel projectId="project-1" />);
const viewer = () => screen.getByRole('region', { name: /^Contents of / });

describe('ProjectFilesPanel', () => {
  it('opens on the app component, with line numbers, highlighting and the version', async () => {
    const asked = serveFiles();
    renderPanel();

    const code = await screen.findByRole('region', { name: 'Contents of src/App.tsx' });
    expect(asked).toEqual(['src/App.tsx']);
    expect(screen.getByText('Version 3')).toBeInTheDocument();
    expect(screen.getByText('5 lines · 86 bytes')).toBeInTheDocument();
    const lines = code.querySelectorAll('.line');
    expect([...lines].map((line) => line.getAttribute('data-line'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(lines[3]?.textContent).toBe('  return <h1>Todos</h1>;\n');
    // The highlighter loads on demand; until then the text shows plain.
    await waitFor(() => expect(within(code).getByText('export')).toHaveClass('hljs-keyword'));
    expect(within(code).getByText("'react'")).toHaveClass('hljs-string');
    expect(screen.getByRole('tree', { name: 'Files' })).toBeInTheDocument();
    expect(screen.getByText('5 files')).toBeInTheDocument();
  });

  it('shows the file the person opens in the tree', async () => {
    serveFiles();
    const view = renderPanel();
    await screen.findByRole('region', { name: 'Contents of src/App.tsx' });

    await view.user.click(
      screen.getByRole('treeitem', { name: 'index.css' }).firstElementChild as Element,
    );
    expect(
      await screen.findByRole('region', { name: 'Contents of src/index.css' }),
    ).toHaveTextContent('margin: 0;');
    expect(screen.getByRole('treeitem', { name: 'index.css' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('previews an image and names a binary file it cannot show', async () => {
    serveFiles();
    const view = renderPanel();
    await screen.findByRole('tree', { name: 'Files' });

    await view.user.click(screen.getByText('logo.png'));
    expect(await screen.findByRole('img', { name: 'public/logo.png' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    await view.user.click(screen.getByText('inter.woff2'));
    expect(
      await screen.findByText('This is a binary file (2.0 KB); it cannot be shown as text.'),
    ).toBeInTheDocument();
  });

  it('says it is loading the files', async () => {
    server.use(pendingHandler('getProjectFilePaths'));
    renderPanel();
    expect(await screen.findByText('Loading the project’s files…')).toBeInTheDocument();
  });

  it('says there are no files before the first version', async () => {
    server.use(
      mockEndpoint('getProjectFilePaths', { versionId: null, versionIndex: null, filePaths: [] }),
    );
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No files yet' })).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
  });

  it('offers to try again when the files cannot be listed', async () => {
    serveFiles();
    server.use(errorHandler('getProjectFilePaths', 500, {}, { once: true }));
    const view = renderPanel();

    expect(
      await screen.findByRole('heading', { name: 'The files could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Unknown server error')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tree', { name: 'Files' })).toBeInTheDocument();
  });

  it('offers to try again when one file cannot be loaded', async () => {
    serveFiles();
    server.use(errorHandler('getProjectFiles', 503, {}, { once: true }));
    const view = renderPanel();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'src/App.tsx could not be loaded. Unknown server error',
    );
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(viewer()).toHaveAccessibleName('Contents of src/App.tsx'));
  });

  it('words sizes for people', () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(812)).toBe('812 bytes');
    expect(formatSize(2458)).toBe('2.4 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
