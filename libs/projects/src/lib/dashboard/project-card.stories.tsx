import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { delay, http } from 'msw';
import {
  aProject,
  apiUrl,
  fixtureTimeAgo,
  projectThumbnailHandler,
} from '@mason/api-client/testing';
import { ApiCalls } from '@mason/contract';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { ProjectCard } from './project-card';

/** A picture of a small shop app, as the preview's bridge would make it (16:10). */
const SHOP_PICTURE = new TextEncoder()
  .encode(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
  <rect width="480" height="300" fill="#fffaf3"/>
  <rect width="480" height="44" fill="#7c2d12"/>
  <circle cx="28" cy="22" r="10" fill="#fde68a"/>
  <rect x="48" y="16" width="90" height="12" rx="6" fill="#fff7ed"/>
  <rect x="340" y="14" width="116" height="16" rx="8" fill="#fb923c"/>
  <rect x="28" y="72" width="240" height="22" rx="6" fill="#431407"/>
  <rect x="28" y="104" width="200" height="10" rx="5" fill="#a8a29e"/>
  <rect x="28" y="122" width="170" height="10" rx="5" fill="#a8a29e"/>
  <rect x="28" y="146" width="96" height="28" rx="14" fill="#ea580c"/>
  <g fill="#fed7aa"><rect x="28" y="196" width="128" height="84" rx="10"/><rect x="176" y="196" width="128" height="84" rx="10"/><rect x="324" y="196" width="128" height="84" rx="10"/></g>
  <circle cx="384" cy="118" r="52" fill="#fdba74"/><rect x="360" y="92" width="48" height="54" rx="8" fill="#9a3412"/>
</svg>`);

const project = aProject({
  id: 'project-1',
  name: 'Mug shop',
  description:
    'A small online shop that sells hand-made mugs: a catalogue with photos, a cart, and a checkout page.',
  status: 'READY',
  createdAt: fixtureTimeAgo({ minutes: 12 }),
});

const meta = {
  title: 'Projects/Project card',
  component: ProjectCard,
  args: { project, now: Date.parse(fixtureTimeAgo({ minutes: 0 })), onDelete: () => undefined },
  decorators: [
    ...projectsStoryDecorators({ route: '/dashboard/projects', path: '/dashboard/projects' }),
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProjectCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A project whose preview was pictured: the picture above its name. */
export const WithThumbnail: Story = {
  args: { project: { ...project, thumbnailVersionId: 'version-3' } },
  parameters: {
    msw: {
      handlers: [projectThumbnailHandler({ bytes: SHOP_PICTURE, contentType: 'image/svg+xml' })],
    },
  },
  play: async ({ canvas }) => {
    const image = await canvas.findByRole('img', { name: 'Preview of Mug shop' });
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

/** No picture yet (the preview was never opened): the project's initial on a tint of its name. */
export const WithoutThumbnail: Story = {
  args: { project: { ...project, thumbnailVersionId: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('M')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'Preview of Mug shop' })).toBeNull();
  },
};

/** The picture is on its way: the initial holds its place, so the grid does not jump. */
export const ThumbnailLoading: Story = {
  args: { project: { ...project, thumbnailVersionId: 'version-3' } },
  parameters: {
    msw: {
      handlers: [
        http.get(apiUrl(ApiCalls.getProjectThumbnail.path), async () => {
          await delay('infinite');
        }),
      ],
    },
  },
};
