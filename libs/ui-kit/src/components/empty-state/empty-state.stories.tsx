import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AlertTriangleIcon } from '../../icons/notice-icons';
import { FolderIcon, PlusIcon } from '../../icons/icons';
import { Button } from '../button/button';
import { TextLink } from '../text-link/text-link';
import { EmptyState, type EmptyStateProps } from './empty-state';

const onCreate = fn();

const meta = {
  title: 'UI Kit/EmptyState',
  component: EmptyState,
  args: {
    icon: <FolderIcon />,
    title: 'No projects yet',
    description:
      'Describe the app you want in plain words. Mason writes the code and shows it running.',
    action: (
      <Button leadingIcon={<PlusIcon />} onClick={onCreate}>
        New project
      </Button>
    ),
    bordered: true,
  },
} satisfies Meta<EmptyStateProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    onCreate.mockClear();
    await expect(canvas.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'New project' }));
    await expect(onCreate).toHaveBeenCalledTimes(1);
  },
};

export const LoadError: Story = {
  args: {
    icon: <AlertTriangleIcon />,
    title: 'Could not load your projects',
    description: 'Unknown server error',
    action: <Button variant="outline">Try again</Button>,
    secondaryAction: (
      <TextLink href="#status" tone="muted">
        Status page
      </TextLink>
    ),
    bordered: false,
  },
};

export const NoIcon: Story = {
  args: {
    icon: undefined,
    title: 'Nothing archived',
    description: 'Archived tasks show up here.',
    action: undefined,
  },
};
