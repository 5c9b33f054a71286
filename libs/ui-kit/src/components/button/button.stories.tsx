import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArrowRightIcon } from '../../icons/notice-icons';
import { PlusIcon } from '../../icons/icons';
import { Inline, Stack } from '../layout/layout';
import { Button, type ButtonProps } from './button';

const meta = {
  title: 'UI Kit/Button',
  component: Button,
  args: { children: 'Create project', onClick: fn() },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'icon', 'icon-sm'] },
  },
} satisfies Meta<ButtonProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Create project' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Variants: Story = {
  render: (args) => (
    <Stack gap={4}>
      <Inline gap={3}>
        <Button {...args} variant="primary">
          Primary
        </Button>
        <Button {...args} variant="secondary">
          Secondary
        </Button>
        <Button {...args} variant="outline">
          Outline
        </Button>
        <Button {...args} variant="ghost">
          Ghost
        </Button>
        <Button {...args} variant="destructive">
          Delete
        </Button>
        <Button {...args} variant="link">
          Link
        </Button>
      </Inline>
      <Inline gap={3}>
        <Button {...args} size="sm">
          Small
        </Button>
        <Button {...args} size="md">
          Medium
        </Button>
        <Button {...args} size="lg" trailingIcon={<ArrowRightIcon />}>
          Start building
        </Button>
        <Button {...args} size="icon" variant="outline" aria-label="New project">
          <PlusIcon />
        </Button>
        <Button {...args} size="icon-sm" variant="ghost" aria-label="Add file">
          <PlusIcon size={14} />
        </Button>
      </Inline>
    </Stack>
  ),
};

export const WithIcon: Story = {
  args: { leadingIcon: <PlusIcon />, children: 'New project' },
};

export const Loading: Story = {
  args: { loading: true, loadingText: 'Signing in…', children: 'Sign in' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Signing in…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Create project' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Destructive: Story = {
  args: { variant: 'destructive', children: 'Delete project' },
};

export const AsLink: Story = {
  args: { as: 'a', href: '#pricing', variant: 'outline', children: 'See pricing' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'See pricing' })).toHaveAttribute(
      'href',
      '#pricing',
    );
  },
};
