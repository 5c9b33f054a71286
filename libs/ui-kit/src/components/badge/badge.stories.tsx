import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inline } from '../layout/layout';
import { Badge, type BadgeProps } from './badge';

const meta = {
  title: 'UI Kit/Badge',
  component: Badge,
  args: { children: 'Pro', variant: 'default' },
} satisfies Meta<BadgeProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: () => (
    <Inline gap={2}>
      <Badge variant="default">Popular</Badge>
      <Badge variant="secondary">Free</Badge>
      <Badge variant="outline">Draft</Badge>
      <Badge variant="success">Completed</Badge>
      <Badge variant="warning">Paused</Badge>
      <Badge variant="destructive">Failed</Badge>
      <Badge variant="info">In progress</Badge>
    </Inline>
  ),
};
