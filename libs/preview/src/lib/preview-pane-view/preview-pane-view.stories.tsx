import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BUILD_DIAGNOSTICS, MIXED_CONSOLE } from '../../test-utils/console-fixtures';
import { STORY_APP_URL, withPreviewSession } from '../../test-utils/preview-story';
import { PreviewConsole } from '../preview-console/preview-console';
import { PreviewPaneView } from './preview-pane-view';

const PREVIEW_ORIGIN = 'http://p-project-1.localhost:4200';

const meta = {
  title: 'Preview/Preview pane',
  component: PreviewPaneView,
  args: {
    status: { kind: 'ready' },
    src: STORY_APP_URL,
    address: '/',
    origin: PREVIEW_ORIGIN,
    onNavigate: fn(),
    canGoBack: true,
    canGoForward: false,
    onBack: fn(),
    onForward: fn(),
    canReload: true,
    onReload: fn(),
    openUrl: `${PREVIEW_ORIGIN}/?mason_preview=story`,
    device: 'DESKTOP',
    onDeviceChange: fn(),
    consoleOpen: false,
    onToggleConsole: fn(),
    errorCount: 0,
    consoleId: 'preview-console',
    viewedVersionIndex: null,
    onBackToNewest: fn(),
    onFixBuild: fn(),
  },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 640 } } },
  decorators: [
    withPreviewSession((session) => {
      for (const entry of MIXED_CONSOLE) session.log(entry);
    }),
    (Story) => (
      <div style={{ height: '100vh', minHeight: 560, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PreviewPaneView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Until the bridge in the preview says it is ready. */
export const Loading: Story = {
  args: {
    status: { kind: 'loading', slow: false },
    address: '',
    origin: null,
    canGoBack: false,
    openUrl: null,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Starting the preview…');
    await expect(canvas.getByRole('textbox', { name: 'Page address' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
  },
};

/** 15 s without `ready`: the pane says so and offers a reload. */
export const SlowLoading: Story = {
  args: {
    status: { kind: 'loading', slow: true },
    address: '',
    origin: null,
    canGoBack: false,
    openUrl: null,
  },
  play: async ({ canvas, args }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('The preview is taking longer than usual.');
    await userEvent.click(within(status).getByRole('button', { name: 'Reload' }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};

/** The frame loaded but its bridge never spoke: the browser refused it here; the pane names the fix. */
export const RefusedHere: Story = {
  args: {
    status: { kind: 'loading', slow: true, refused: true },
    src: 'http://p-00000000-0000-4000-8000-000000000000.localhost:4200/',
    address: '',
    origin: null,
    canGoBack: false,
    openUrl: null,
  },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('The preview could not load here.');
    await expect(status).toHaveTextContent('Open Mason at http://localhost:4200');
  },
};

export const ReadyDesktop: Story = {
  args: { address: '/todos?done=1', errorCount: 0 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByTitle('App preview')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Desktop' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('textbox', { name: 'Page address' })).toHaveValue(
      '/todos?done=1',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Mobile' }));
    await expect(args.onDeviceChange).toHaveBeenCalledWith('MOBILE');
  },
};

/** The app in a 390 px phone frame, centred. */
export const ReadyMobile: Story = {
  args: { device: 'MOBILE' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Mobile' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByTitle('App preview')).toHaveStyle({ width: '390px' });
  },
};

/** An older version opened from the history. */
export const ViewingOlderVersion: Story = {
  args: { viewedVersionIndex: 2, canGoBack: false },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Viewing version 2')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to the newest' }));
    await expect(args.onBackToNewest).toHaveBeenCalled();
  },
};

export const BuildFailed: Story = {
  args: { status: { kind: 'build-failed', diagnostics: BUILD_DIAGNOSTICS }, errorCount: 2 },
  play: async ({ canvas, args }) => {
    const failure = canvas.getByRole('region', { name: 'The app does not build' });
    await expect(within(failure).getByText('src/App.tsx:3:7')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Console/ })).toHaveTextContent('2 errors');
    await userEvent.click(within(failure).getByRole('button', { name: 'Fix with AI' }));
    await expect(args.onFixBuild).toHaveBeenCalled();
  },
};

/** GET /projects/:id/preview failed. */
export const QueryError: Story = {
  args: {
    status: {
      kind: 'problem',
      title: 'The preview could not be loaded.',
      message: 'Unknown server error',
      onRetry: fn(),
    },
    src: null,
    address: '',
    origin: null,
    canGoBack: false,
    canReload: false,
    openUrl: null,
  },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The preview could not be loaded.');
    await expect(canvas.queryByTitle('App preview')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    if (args.status.kind === 'problem') await expect(args.status.onRetry).toHaveBeenCalled();
  },
};

/** The console open under the frame. */
export const ReadyWithConsole: Story = {
  args: {
    consoleOpen: true,
    errorCount: 3,
    console: <PreviewConsole id="preview-console" onClose={fn()} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Console/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('region', { name: 'Console' })).toBeVisible();
  },
};
