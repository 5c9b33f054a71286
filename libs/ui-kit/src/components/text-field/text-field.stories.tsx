import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { TextLink } from '../text-link/text-link';
import { TextField, type TextFieldProps } from './text-field';

const meta = {
  title: 'UI Kit/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', placeholder: 'you@company.com', autoComplete: 'email' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<TextFieldProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ada@mason.dev');
    await expect(input).toHaveValue('ada@mason.dev');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const WithHint: Story = {
  args: { hint: 'We send a verification link to this address.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'We send a verification link to this address.',
    );
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'ada@',
    error: 'Enter a valid e-mail address.',
    hint: 'Use your work address.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Enter a valid e-mail address. Use your work address.',
    );
  },
};

export const Password: Story = {
  args: {
    label: 'Password',
    type: 'password',
    placeholder: undefined,
    autoComplete: 'current-password',
    defaultValue: 'correct horse',
    labelAction: (
      <TextLink href="#reset" tone="muted">
        Forgot password?
      </TextLink>
    ),
  },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ada@mason.dev' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

export const Optional: Story = {
  args: { label: 'Referral code', type: 'text', optional: true, placeholder: 'FRIEND-2025' },
};
