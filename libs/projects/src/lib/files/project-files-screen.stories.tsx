import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { ProjectFile } from '@mason/contract';
import {
  aProjectFile,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { ProjectFilesScreen } from './project-files-screen';

/** A small generated app, as the agent writes it. */
const FILES: ProjectFile[] = [
  aProjectFile({
    path: 'src/App.tsx',
    content: `import { useState } from 'react';
import { HabitList } from './components/HabitList';

/* The habits of today, and how long each streak is. */
export function App() {
  const [habits, setHabits] = useState<string[]>(['Read', 'Walk']);
  return (
    <main className="app">
      <h1>Today</h1>
      <HabitList habits={habits} onAdd={(name) => setHabits([...habits, name])} />
    </main>
  );
}
`,
  }),
  aProjectFile({
    path: 'src/components/HabitList.tsx',
    content: `export interface HabitListProps {
  habits: string[];
  onAdd: (name: string) => void;
}

export function HabitList({ habits }: HabitListProps) {
  return (
    <ul>
      {habits.map((habit) => (
        <li key={habit}>{habit}</li>
      ))}
    </ul>
  );
}
`,
  }),
  aProjectFile({ path: 'src/main.tsx', content: "import './index.css';\n" }),
  aProjectFile({
    path: 'src/index.css',
    content:
      ':root {\n  color-scheme: dark;\n  --radius: 1rem;\n}\n\n.app {\n  padding: 2rem;\n}\n',
  }),
  aProjectFile({
    path: 'package.json',
    content: '{\n  "name": "habit-tracker",\n  "private": true,\n  "type": "module"\n}\n',
  }),
  aProjectFile({
    path: 'index.html',
    content:
      '<!doctype html>\n<html lang="en">\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
  }),
  aProjectFile({ path: 'README.md', content: '# Habit tracker\n\nBuilt with **Mason**.\n' }),
];

const serveFiles = (files: ProjectFile[] = FILES) => [
  mockEndpoint('getProjectFilePaths', {
    versionId: 'version-4',
    versionIndex: 4,
    filePaths: files.map(({ path }) => path).sort(),
  }),
  mockEndpoint('getProjectFiles', ({ query }) => ({
    versionId: 'version-4',
    files: files.filter(({ path }) => path === (query as { filePath?: string }).filePath),
  })),
];

const meta = {
  title: 'Projects/Files',
  component: ProjectFilesScreen,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 760 } },
    msw: { handlers: serveFiles() },
  },
  decorators: [...projectsStoryDecorators({ route: '/files?projectId=project-1', path: '/files' })],
} satisfies Meta<typeof ProjectFilesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The newest version's files: the app component open, highlighted, with line numbers. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Files of Todo app' })).toBeVisible();
    const code = await canvas.findByRole('region', { name: 'Contents of src/App.tsx' });
    await expect(canvas.getByText('Version 4')).toBeVisible();
    await waitFor(() => expect(code.querySelector('.hljs-keyword')).not.toBeNull());
  },
};

/** Moving through the tree with the keyboard and opening another file. */
export const KeyboardNavigation: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Contents of src/App.tsx' });
    canvas.getByRole('treeitem', { name: 'App.tsx' }).focus();
    await userEvent.keyboard('{ArrowUp}{ArrowRight}{ArrowRight}{Enter}');
    await expect(
      await canvas.findByRole('region', { name: 'Contents of src/components/HabitList.tsx' }),
    ).toBeVisible();
  },
};

/** No project named in the address: the person's projects, to choose one. */
export const NoProject: Story = {
  parameters: { providers: { route: '/files' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Todo app' })).toBeVisible();
  },
};

/** The file list is on its way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectFilePaths')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the project’s files…')).toBeVisible();
  },
};

/** Before the first version: no files yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getProjectFilePaths', { versionId: null, versionIndex: null, filePaths: [] }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No files yet' })).toBeVisible();
  },
};

/** The files could not be listed: the person can try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectFilePaths', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The files could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** One file could not be loaded. */
export const FileError: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectFiles', 503), ...serveFiles()] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('src/App.tsx could not be loaded. Unknown server error'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
