import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import type { Asset } from '@mason/contract';
import {
  anAsset,
  DEFAULT_RESPONDERS,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { ProjectAssetsScreen } from './project-assets-screen';

/** An SVG as a data URL: a story's thumbnails load without a server. */
const svg = (body: string, background: string) =>
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80"><rect width="120" height="80" fill="${background}"/>${body}</svg>`,
  );

const ASSETS: Asset[] = [
  anAsset({
    id: 'asset-1',
    fileName: 'logo.png',
    size: 18_432,
    previewUrl: svg(
      '<circle cx="60" cy="40" r="22" fill="#f59e0b"/><text x="60" y="47" font-size="18" text-anchor="middle" fill="#1c1917" font-family="sans-serif">M</text>',
      '#1c1917',
    ),
  }),
  anAsset({
    id: 'asset-2',
    fileName: 'hero-bakery.jpg',
    path: 'public/hero-bakery.jpg',
    url: '/hero-bakery.jpg',
    contentType: 'image/jpeg',
    size: 2_516_582,
    previewUrl: svg(
      '<path d="M0 60 Q30 30 60 55 T120 45 V80 H0Z" fill="#b45309"/><circle cx="95" cy="20" r="10" fill="#fde68a"/>',
      '#fcd34d',
    ),
  }),
  anAsset({
    id: 'asset-3',
    fileName: 'Brand-Sans.woff2',
    path: 'public/Brand-Sans.woff2',
    url: '/Brand-Sans.woff2',
    contentType: 'font/woff2',
    size: 48_213,
  }),
  anAsset({
    id: 'asset-4',
    fileName: 'menu-spring-2026.pdf',
    path: 'public/menu-spring-2026.pdf',
    url: '/menu-spring-2026.pdf',
    contentType: 'application/pdf',
    size: 310_000,
  }),
];

const serveAssets = (assets: Asset[] = ASSETS) => [
  mockEndpoint('getProjectAssets', { assets }),
  mockEndpoint('uploadProjectAsset', (request) => DEFAULT_RESPONDERS.uploadProjectAsset(request)),
];

const png = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/png' });

const meta = {
  title: 'Projects/Assets',
  component: ProjectAssetsScreen,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 900 } },
    msw: { handlers: serveAssets() },
  },
  decorators: [
    ...projectsStoryDecorators({ route: '/assets?projectId=project-1', path: '/assets' }),
  ],
} satisfies Meta<typeof ProjectAssetsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The project's assets: thumbnails of the images, the kind and size of each, the path to copy. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Assets of Todo app' })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Assets' });
    const logo = within(list).getByRole('listitem', { name: 'logo.png' });
    await expect(within(logo).getByRole('img', { name: 'Preview of logo.png' })).toBeVisible();
    await expect(within(logo).getByText('/logo.png')).toBeVisible();
    await expect(within(list).getByText('JPG image · 2.4 MB')).toBeVisible();
    await expect(within(list).getByText('WOFF2 font · 47 KB')).toBeVisible();
  },
};

/** A file on its way up: its name, its size and a progress bar. */
export const Uploading: Story = {
  parameters: {
    msw: { handlers: [pendingHandler('uploadProjectAsset'), ...serveAssets()] },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Assets' });
    await userEvent.upload(canvas.getByLabelText('Files to upload'), png('storefront.png'));
    await expect(
      await canvas.findByRole('progressbar', { name: 'Uploading storefront.png' }),
    ).toBeVisible();
    await expect(canvas.getByText(/Uploading storefront\.png \(2 KB\)/)).toBeVisible();
  },
};

/** An upload that went through: where it went and the path to use. */
export const Uploaded: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Assets' });
    await userEvent.upload(canvas.getByLabelText('Files to upload'), png('Shop Front.png'));
    await expect(
      await canvas.findByText(
        'Added Shop Front.png as Shop-Front.png. Use it in code as /Shop-Front.png',
      ),
    ).toBeVisible();
  },
};

/** The server refused the file: its words beside the upload. */
export const UploadRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('uploadProjectAsset', 413, {
          message:
            'This project is full: it holds 99.8 MB of files and uploads, and a project holds at most 100 MB. Delete assets or files it no longer needs, or upload a smaller file.',
        }),
        ...serveAssets(),
      ],
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Assets' });
    await userEvent.upload(canvas.getByLabelText('Files to upload'), png('banner.png'));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/This project is full/);
  },
};

/** Deleting asks first; the deletion is under way. */
export const ConfirmDelete: Story = {
  parameters: { msw: { handlers: [pendingHandler('deleteProjectAsset'), ...serveAssets()] } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete logo.png' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete logo.png?' });
    await expect(dialog).toHaveTextContent(/code that uses \/logo\.png shows nothing there/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('button', { name: /Deleting/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** No project named in the address: the person's projects, to choose one. */
export const NoProject: Story = {
  parameters: { providers: { route: '/assets' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Todo app' })).toBeVisible();
  },
};

/** The assets are on their way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectAssets')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the assets…')).toBeVisible();
  },
};

/** Nothing uploaded yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: serveAssets([]) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No assets yet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose files' })).toBeVisible();
  },
};

/** The assets could not be listed: the person can try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectAssets', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The assets could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
