import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Select } from '../select/select';
import { Textarea } from '../textarea/textarea';
import { FormField, type FormFieldProps } from './form-field';

const meta = {
  title: 'UI Kit/FormField',
  component: FormField,
  args: {
    label: 'Model',
    hint: 'Used for new tasks in this project.',
    children: (
      <Select defaultValue="CLAUDE_SONNET_4_5">
        <option value="CLAUDE_SONNET_4_5">Claude Sonnet 4.5</option>
        <option value="GPT_5">GPT-5</option>
        <option value="GEMINI_2_5_PRO">Gemini 2.5 Pro</option>
      </Select>
    ),
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<FormFieldProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithSelect: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toHaveAccessibleDescription(
      'Used for new tasks in this project.',
    );
  },
};

export const WithError: Story = {
  args: {
    label: 'Environment variables',
    hint: 'A JSON object, e.g. {"API_URL": "https://…"}',
    error: 'This is not a JSON object.',
    children: <Textarea defaultValue='["not", "an", "object"]' />,
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Environment variables' });
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription(/This is not a JSON object\./);
  },
};
