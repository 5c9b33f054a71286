import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Inline } from '../layout/layout';
import { Avatar, type AvatarProps } from './avatar';

const PICTURE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><circle cx="32" cy="26" r="11" fill="#fff" fill-opacity=".85"/><path d="M12 60c3-12 11-18 20-18s17 6 20 18" fill="#fff" fill-opacity=".85"/></svg>',
  );

const meta = {
  title: 'UI Kit/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace', size: 'md' },
} satisfies Meta<AvatarProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  },
};

export const Image: Story = {
  args: { src: PICTURE },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' }).tagName).toBe('IMG');
  },
};

export const BrokenImage: Story = {
  args: { src: '/does-not-exist.png' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('AL')).toBeVisible();
  },
};

export const Sizes: Story = {
  render: () => (
    <Inline gap={3}>
      <Avatar name="Grace Hopper" size="xs" />
      <Avatar name="Alan Turing" size="sm" />
      <Avatar name="Ada Lovelace" size="md" />
      <Avatar name="Katherine Johnson" size="lg" />
      <Avatar name="Margaret Hamilton" size="xl" />
      <Avatar name="Linus" size="xl" src={PICTURE} />
    </Inline>
  ),
};
