import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Inline } from '../layout/layout';
import { Spinner, type SpinnerProps } from './spinner';

const meta = {
  title: 'UI Kit/Spinner',
  component: Spinner,
  args: { size: 'md', label: 'Loading projects' },
} satisfies Meta<SpinnerProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading projects');
  },
};

export const Sizes: Story = {
  render: () => (
    <Inline gap={4}>
      <Spinner size="xs" />
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </Inline>
  ),
};
