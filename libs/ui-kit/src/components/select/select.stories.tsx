import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Select, type SelectProps } from './select';

const meta = {
  title: 'UI Kit/Select',
  component: Select,
  args: {
    'aria-label': 'Model',
    defaultValue: 'CLAUDE_SONNET_4_5',
    children: [
      <option key="a" value="CLAUDE_SONNET_4_5">
        Claude Sonnet 4.5
      </option>,
      <option key="b" value="GPT_5">
        GPT-5
      </option>,
      <option key="c" value="GEMINI_2_5_PRO">
        Gemini 2.5 Pro
      </option>,
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 280 }}>{Story()}</div>],
} satisfies Meta<SelectProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Model' });
    await userEvent.selectOptions(select, 'GPT_5');
    await expect(select).toHaveValue('GPT_5');
  },
};

export const Invalid: Story = { args: { invalid: true } };

export const Disabled: Story = { args: { disabled: true } };
