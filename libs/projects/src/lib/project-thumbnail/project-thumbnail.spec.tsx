import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aProject, mockEndpoint, projectThumbnailHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { ProjectsDashboard } from '../dashboard/projects-dashboard';
import { renderProjects } from '../test-utils/render-projects';
import { projectInitial } from './project-thumbnail';

const server = setupApiServer();

/**
 * jsdom has no object URLs: a stand-in that remembers which are live, as the browser's do (the
 * card makes one of the picture's bytes and must give it back).
 */
const live = new Map<string, Blob>();
let made = 0;
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:http://localhost/thumbnail-${(made += 1)}`;
      live.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => live.delete(url),
  });
});
afterEach(() => live.clear());

function renderDashboard() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/thumbnail')) asked.push(new URL(request.url).pathname);
  });
  server.use(
    mockEndpoint('getProjects', {
      projects: [
        aProject({ id: 'p-mugs', name: 'Mug shop', thumbnailVersionId: 'version-3' }),
        aProject({ id: 'p-todo', name: 'todo app', thumbnailVersionId: null }),
      ],
    }),
    projectThumbnailHandler(),
  );
  const view = renderProjects(<ProjectsDashboard />, {
    route: '/dashboard/projects',
    path: '/dashboard/projects',
  });
  return { ...view, asked };
}

const card = async (name: string) =>
  within((await screen.findByRole('heading', { name })).closest('article') as HTMLElement);

afterEach(() => server.events.removeAllListeners());

describe('a project card’s picture of the app', () => {
  it('shows the stored picture (fetched with the session’s token: 401 without), named for the project', async () => {
    const { asked } = renderDashboard();
    const mugs = await card('Mug shop');
    // While the picture loads, the project's initial stands in.
    expect(mugs.getByText('M')).toBeInTheDocument();
    const image = await mugs.findByRole('img', { name: 'Preview of Mug shop' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    const bytes = live.get(image.getAttribute('src') ?? '');
    expect(bytes?.type).toBe('image/png');
    fireEvent.load(image);
    await waitFor(() => expect(mugs.queryByText('M')).not.toBeInTheDocument());
    expect(asked).toEqual(['/api/projects/p-mugs/thumbnail']);
  });

  it('shows the initial on a tint, and asks for nothing, for a project without a picture', async () => {
    const { asked } = renderDashboard();
    const todo = await card('todo app');
    expect(todo.getByText('T')).toBeInTheDocument();
    await (await card('Mug shop')).findByRole('img', { name: 'Preview of Mug shop' });
    expect(todo.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/projects/p-todo/thumbnail');
  });

  it('keeps the initial when the picture cannot be had (404), with nothing broken on the card', async () => {
    let answered = false;
    server.events.on('response:mocked', ({ request, response }) => {
      if (request.url.endsWith('/p-mugs/thumbnail') && response.status === 404) answered = true;
    });
    renderDashboard();
    server.use(projectThumbnailHandler({ status: 404 }));
    const mugs = await card('Mug shop');
    await waitFor(() => expect(answered).toBe(true));
    expect(live.size).toBe(0);
    expect(mugs.queryByRole('img', { name: 'Preview of Mug shop' })).not.toBeInTheDocument();
    expect(mugs.getByText('M')).toBeInTheDocument();
  });

  it('gives the picture’s object URL back when the card goes away', async () => {
    const view = renderDashboard();
    const image = await (await card('Mug shop')).findByRole('img', { name: 'Preview of Mug shop' });
    const src = image.getAttribute('src') ?? '';
    expect(live.has(src)).toBe(true);
    view.unmount();
    expect(live.has(src)).toBe(false);
  });
});

describe('projectInitial', () => {
  it.each([
    ['Mug shop', 'M'],
    ['  élan', 'É'],
    ['42 things', '4'],
    ['!!!', '?'],
  ])('of %j is %s', (name, initial) => expect(projectInitial(name)).toBe(initial));
});
