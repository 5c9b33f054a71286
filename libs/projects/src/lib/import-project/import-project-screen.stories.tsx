import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { ImportProjectScreen, type GithubSourceProps } from './import-project-screen';

const meta = {
  title: 'Projects/Import a project',
  component: ImportProjectScreen,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 900 } } },
  decorators: [
    ...projectsStoryDecorators({
      route: '/dashboard/projects/existing',
      path: '/dashboard/projects/existing',
    }),
  ],
} satisfies Meta<typeof ImportProjectScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const giveAddress = async (canvas: Canvas, address = 'https://github.com/ada/shop') => {
  await userEvent.click(canvas.getByRole('textbox', { name: /Repository address/ }));
  await userEvent.paste(address);
};

/** The empty form: only the address is required. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Import a project' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Repository address/ })).toBeRequired();
  },
};

/** Importing: the workspace of the new project opens. */
export const Imports: Story = {
  play: async ({ canvas }) => {
    await giveAddress(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/projects/project-2',
    );
  },
};

/** While the server clones: the form is locked and says what is happening. */
export const Importing: Story = {
  parameters: { msw: { handlers: [pendingHandler('createProject')] } },
  play: async ({ canvas }) => {
    await giveAddress(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Copying the repository’s files.',
    );
  },
};

/** The server could not read the repository: its reason, under the address. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('createProject', 422, {
          message: 'There is no public git repository at that address.',
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await giveAddress(canvas, 'https://github.com/ada/missing');
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(
      await canvas.findByText('There is no public git repository at that address.'),
    ).toBeVisible();
  },
};

/** Pressing "Import project" with no address: the contract's message, focus on the field. */
export const MissingAddress: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(
      await canvas.findByText('Enter the address of the repository to import.'),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Repository address/ })).toHaveFocus();
  },
};

/** A GitHub source as the shell gives one (the real one is integrations' GithubImportSource). */
function StoryGithubSource({ onChange, error }: GithubSourceProps) {
  return (
    <div>
      <button
        type="button"
        onClick={() => onChange({ repositoryId: '4242', branch: 'main', name: 'notes' })}
      >
        Pick ada/notes
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}

/** With the GitHub source: a repository of the connected account, picked then imported. */
export const FromGithub: Story = {
  args: {
    initialSource: 'github',
    githubSource: (props: GithubSourceProps) => <StoryGithubSource {...props} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Your GitHub' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Pick the repository to import.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Pick ada/notes' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Import project' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/projects/project-2',
    );
  },
};
