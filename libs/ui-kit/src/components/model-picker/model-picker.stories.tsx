import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  MODEL_LABELS,
  ProviderModelSchema,
  type Model,
  type ModelOption,
  type ProviderModel,
} from '@mason/contract';
import { ModelPicker, type ModelPickerProps } from './model-picker';

const optionsWith = (available: readonly ProviderModel[]): ModelOption[] =>
  ProviderModelSchema.options.map((model) => ({
    model,
    label: MODEL_LABELS[model],
    provider: available.includes(model) ? 'anthropic' : null,
    available: available.includes(model),
  }));

/** The picker with its own state, as a screen holds it. */
function Picker(props: Omit<ModelPickerProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState<Model>('CLAUDE_SONNET_4_5');
  return <ModelPicker {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'UI Kit/ModelPicker',
  component: Picker,
  args: { models: optionsWith(ProviderModelSchema.options) },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every model runs on this server. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('combobox', { name: 'Model' });
    await userEvent.selectOptions(picker, 'GPT-5');
    await expect(picker).toHaveDisplayValue('GPT-5');
  },
};

/** Some models are not set up: offered, but disabled. */
export const SomeUnavailable: Story = {
  args: { models: optionsWith(['CLAUDE_SONNET_4_5', 'GPT_5']) },
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('combobox', { name: 'Model' });
    await expect(
      within(picker).getByRole('option', { name: 'Gemini 2.5 Pro (not set up)' }),
    ).toBeDisabled();
  },
};

/** The person connected their own OpenRouter account: the models that run on its key say so. */
export const OnOwnOpenRouterKey: Story = {
  args: {
    models: optionsWith(ProviderModelSchema.options).map((option) => ({
      ...option,
      provider: 'openrouter',
      runsOnOwnKey: true,
    })),
  },
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('combobox', { name: 'Model' });
    await expect(picker).toHaveDisplayValue('Claude Sonnet 4.5 (on your OpenRouter key)');
    await expect(
      within(picker).getByRole('option', { name: 'GPT-5 (on your OpenRouter key)' }),
    ).toBeEnabled();
  },
};

/**
 * No model is set up (a fresh server): the chosen model's whole label, suffix included, is
 * readable in the closed picker, as in the composer and the new-project form.
 */
export const NoneSetUp: Story = {
  args: { models: optionsWith([]) },
  play: async ({ canvas }) => {
    const picker = canvas.getByRole<HTMLSelectElement>('combobox', { name: 'Model' });
    await expect(picker).toHaveDisplayValue('Claude Sonnet 4.5 (not set up)');
    const style = getComputedStyle(picker);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('This browser cannot measure text.');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      picker.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    await expect(context.measureText(picker.selectedOptions[0].text).width).toBeLessThanOrEqual(
      room,
    );
  },
};

/**
 * The server runs only the operator's own model (LLM_BASE_URL): after the seven, by its id
 * (LLM_MODEL), never by a catalogue model's name.
 */
export const OwnEndpoint: Story = {
  args: {
    models: [
      ...optionsWith([]),
      {
        model: 'ENDPOINT',
        label: 'qwen2.5-coder (your endpoint)',
        provider: 'openai-compatible',
        available: true,
      },
    ],
  },
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('combobox', { name: 'Model' });
    await userEvent.selectOptions(picker, 'qwen2.5-coder (your endpoint)');
    await expect(picker).toHaveDisplayValue('qwen2.5-coder (your endpoint)');
  },
};

/** GET /models has not answered: every model is offered. */
export const Loading: Story = { args: { models: undefined } };

/** The screen around turned it off (e.g. while a project is created). */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toBeDisabled();
  },
};
