import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../layout/layout';
import { TextLink } from '../text-link/text-link';
import { Heading, Text } from './typography';

const meta = {
  title: 'UI Kit/Typography',
  component: Heading,
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scale: Story = {
  render: () => (
    <Stack gap={4}>
      <Heading level={1} size="5xl">
        Build software by describing it
      </Heading>
      <Heading level={2}>Projects</Heading>
      <Heading level={3}>Recent tasks</Heading>
      <Heading level={4}>Environment</Heading>
      <Text size="lg">Mason writes the code, runs it and shows it beside the chat.</Text>
      <Text>
        Body text at the default size, with an <TextLink href="#docs">inline link</TextLink> and an{' '}
        <TextLink href="https://example.com" external>
          external one
        </TextLink>
        .
      </Text>
      <Text tone="muted" size="xs">
        Muted caption text
      </Text>
      <Text tone="destructive">Unknown server error</Text>
      <Text tone="success">Deployed</Text>
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Build software by describing it',
    );
    await expect(canvas.getByRole('link', { name: /external one/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};
