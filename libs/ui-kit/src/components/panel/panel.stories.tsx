import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button/button';
import { Stack } from '../layout/layout';
import { TextField } from '../text-field/text-field';
import { Text } from '../typography/typography';
import { Panel, type PanelProps } from './panel';

const meta = {
  title: 'UI Kit/Panel',
  component: Panel,
  args: {
    title: 'Profile',
    description: 'Your name as it appears to collaborators.',
    children: (
      <Stack gap={4}>
        <TextField label="First name" defaultValue="Ada" />
        <TextField label="Last name" defaultValue="Lovelace" />
      </Stack>
    ),
    footer: <Button>Save changes</Button>,
    'aria-label': 'Profile',
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<PanelProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Profile' })).toContainElement(
      canvas.getByRole('heading', { name: 'Profile' }),
    );
  },
};

export const WithActions: Story = {
  args: {
    title: 'Environment variables',
    description: 'Available to the app at build and run time.',
    actions: (
      <Button size="sm" variant="outline">
        Add variable
      </Button>
    ),
    children: <Text tone="muted">No variables yet.</Text>,
    footer: undefined,
  },
};

export const Muted: Story = {
  args: {
    variant: 'muted',
    title: undefined,
    description: undefined,
    footer: undefined,
    children: <Text>A quiet surface for secondary content.</Text>,
  },
};

export const Outline: Story = {
  args: { variant: 'outline', padding: 'lg', footer: undefined },
};
