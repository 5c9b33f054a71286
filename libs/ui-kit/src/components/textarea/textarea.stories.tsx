import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Textarea, type TextareaProps } from './textarea';

const meta = {
  title: 'UI Kit/Textarea',
  component: Textarea,
  args: {
    'aria-label': 'Describe your app',
    placeholder: 'A CRM for a small bakery, with orders and customers…',
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<TextareaProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Describe your app' });
    await userEvent.type(textarea, 'An inventory tracker');
    await expect(textarea).toHaveValue('An inventory tracker');
  },
};

export const Invalid: Story = { args: { invalid: true, defaultValue: '[1, 2, 3]' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Read only while the task runs.' },
};
