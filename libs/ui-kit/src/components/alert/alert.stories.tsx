import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../layout/layout';
import { Alert, type AlertProps } from './alert';

const meta = {
  title: 'UI Kit/Alert',
  component: Alert,
  args: { tone: 'error', title: 'Invalid email or password' },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<AlertProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorTone: Story = {
  name: 'Error',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid email or password');
  },
};

export const Tones: Story = {
  render: () => (
    <Stack gap={3}>
      <Alert tone="error" title="Email already in use." />
      <Alert tone="warning" title="Usage limit reached">
        Your limit resets on 1 November 2025.
      </Alert>
      <Alert tone="info" title="Verify your e-mail">
        We sent a link to ada@mason.dev.
      </Alert>
      <Alert tone="success" title="Password changed" />
    </Stack>
  ),
};
