import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import {
  codeHostingFake,
  CONFLICT_SYNC,
  FAKE_LINK,
  fakeConflict,
} from '../test-utils/code-hosting-fake';
import { ConflictResolverDialog } from './conflict-resolver-dialog';

/** A page of a component on both sides, long enough to scroll. */
const page = (heading: string, extra: string) =>
  [
    "import { useState } from 'react';",
    "import { TodoList } from './todo-list';",
    '',
    'export function App() {',
    '  const [todos, setTodos] = useState<string[]>([]);',
    '  return (',
    '    <main>',
    `      ${heading}`,
    extra,
    '      <TodoList todos={todos} onAdd={(todo) => setTodos([...todos, todo])} />',
    '    </main>',
    '  );',
    '}',
    ...Array.from({ length: 14 }, (_, index) => `// note ${index + 1}`),
    '',
  ].join('\n');

const conflict = fakeConflict({
  files: [
    {
      path: 'src/App.tsx',
      base: { kind: 'TEXT', text: page('<h1>Todos</h1>', '') },
      mason: {
        kind: 'TEXT',
        text: page('<h1>My todos</h1>', '      <p>Everything you planned, by due date.</p>'),
      },
      github: {
        kind: 'TEXT',
        text: page('<h1 className="title">Todos</h1>', '      <SearchBox />'),
      },
    },
    ...fakeConflict().files.slice(1),
    {
      path: 'src/legacy/old-api.ts',
      base: { kind: 'TEXT', text: 'export const endpoint = "/v1";\n' },
      mason: { kind: 'MISSING', text: null },
      github: { kind: 'TEXT', text: 'export const endpoint = "/v2";\n' },
    },
  ],
});

const hosting = () =>
  codeHostingFake({ link: FAKE_LINK, sync: CONFLICT_SYNC, conflict, settlesTo: null }).handlers;

const meta = {
  title: 'Integrations/Conflict resolver',
  component: ConflictResolverDialog,
  args: { projectId: 'project-1', open: true, onClose: fn(), onResolved: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/projects/project-1',
      path: '/projects/:projectId',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof ConflictResolverDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Resolve conflicts' }));

/** Three files: text on both sides, binary, and one Mason deleted. Nothing chosen yet. */
export const Files: Story = {
  parameters: { msw: { handlers: hosting() } },
  play: async () => {
    const view = await dialog();
    await view.findByRole('group', { name: 'src/App.tsx' });
    await expect(view.getByRole('button', { name: 'Merge' })).toBeDisabled();
    const logo = within(view.getByRole('group', { name: 'public/logo.png' }));
    await expect(logo.getByRole('radio', { name: 'Let the assistant merge' })).toBeDisabled();
    const old = within(view.getByRole('group', { name: 'src/legacy/old-api.ts' }));
    // The dialog fades in.
    await waitFor(() => expect(old.getByText('Deleted on this side.')).toBeVisible());
  },
};

/** Every file has a choice: Merge posts them. */
export const Chosen: Story = {
  parameters: { msw: { handlers: hosting() } },
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(await view.findByRole('button', { name: 'Keep all GitHub’s' }));
    const app = within(view.getByRole('group', { name: 'src/App.tsx' }));
    await userEvent.click(app.getByRole('radio', { name: 'Let the assistant merge' }));
    await userEvent.click(view.getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(args.onResolved).toHaveBeenCalledWith(['src/App.tsx']));
  },
};

/** The files are being loaded. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectCodeHostingConflict')] } },
  play: async () => {
    await expect((await dialog()).getByText('Loading the files')).toBeInTheDocument();
  },
};

/** The files could not be loaded: the reason and Try again. */
export const LoadFailed: Story = {
  parameters: {
    msw: { handlers: [errorHandler('getProjectCodeHostingConflict', 500), ...hosting()] },
  },
  play: async () => {
    const alert = await (await dialog()).findByRole('alert');
    await expect(alert).toHaveTextContent('The files could not be loaded');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toBeVisible());
  },
};

/** Nothing waits for a choice any more (404). */
export const ResolvedAlready: Story = {
  parameters: {
    msw: { handlers: codeHostingFake({ link: FAKE_LINK, sync: CONFLICT_SYNC }).handlers },
  },
  play: async ({ args }) => {
    const view = await dialog();
    const resolved = await view.findByText('The conflict is resolved already');
    await waitFor(() => expect(resolved).toBeVisible());
    await userEvent.click(view.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** GitHub got a commit while the person was choosing (409): the files are shown again. */
export const ChangedMeanwhile: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler(
          'resolveProjectCodeHostingConflict',
          409,
          { message: 'The conflict changed.' },
          { once: true },
        ),
        ...hosting(),
      ],
    },
  },
  play: async () => {
    const view = await dialog();
    await userEvent.click(await view.findByRole('button', { name: 'Keep all Mason’s' }));
    await userEvent.click(view.getByRole('button', { name: 'Merge' }));
    await expect(await view.findByRole('alert')).toHaveTextContent(
      'GitHub or Mason has something new since you looked. Look at the files again.',
    );
  },
};
