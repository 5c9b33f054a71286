import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PlusIcon } from '../../icons/icons';
import { Button } from '../button/button';
import { EmptyState } from '../empty-state/empty-state';
import { Page, PageHeader, type PageProps } from './page';

const meta = {
  title: 'UI Kit/Page',
  component: Page,
  parameters: { layout: 'fullscreen' },
  args: { width: 'default', children: null },
  render: (args) => (
    <Page {...args}>
      <PageHeader
        title="Your projects"
        description="Every app you described to Mason, newest first."
        actions={<Button leadingIcon={<PlusIcon />}>New project</Button>}
      />
      <EmptyState
        bordered
        title="No projects yet"
        description="Describe the app you want in plain words."
      />
    </Page>
  ),
} satisfies Meta<PageProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A list page: title, line and its action. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New project' })).toBeVisible();
  },
};

/** Two actions: side by side at the header's end (below the titles on a phone). */
export const TwoActions: Story = {
  render: (args) => (
    <Page {...args}>
      <PageHeader
        title="Your projects"
        description="Every app you described to Mason, newest first."
        actions={
          <>
            <Button variant="outline">Import</Button>
            <Button leadingIcon={<PlusIcon />}>New project</Button>
          </>
        }
      />
    </Page>
  ),
  play: async ({ canvas }) => {
    const importButton = canvas.getByRole('button', { name: 'Import' });
    await expect(importButton.parentElement).toContainElement(
      canvas.getByRole('button', { name: 'New project' }),
    );
  },
};

/** A page with no action: the titles alone. */
export const TitleOnly: Story = {
  render: (args) => (
    <Page {...args}>
      <PageHeader
        title="Tasks"
        description="What the assistant is working on, and what it has done, in every project."
      />
    </Page>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  },
};

/** A form's column. */
export const Narrow: Story = { args: { width: 'narrow' } };

/** Two panes side by side (a file tree and a file). */
export const Wide: Story = { args: { width: 'wide' } };
