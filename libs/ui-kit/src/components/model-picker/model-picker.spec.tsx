import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODEL_LABELS, ProviderModelSchema, type Model, type ModelOption } from '@mason/contract';
import { renderWithTheme } from '../../testing';
import { FormField } from '../form-field/form-field';
import { ModelPicker } from './model-picker';

const optionsWith = (available: readonly Model[]): ModelOption[] =>
  ProviderModelSchema.options.map((model) => ({
    model,
    label: MODEL_LABELS[model],
    provider: available.includes(model) ? 'openrouter' : null,
    available: available.includes(model),
  }));

describe('ModelPicker', () => {
  it('offers the seven models by name, in SPEC.md’s order, while GET /models has not answered', () => {
    renderWithTheme(
      <ModelPicker value="CLAUDE_SONNET_4_5" onChange={jest.fn()} models={undefined} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(ProviderModelSchema.options.map((model) => MODEL_LABELS[model]));
    expect(picker).toHaveDisplayValue('Claude Sonnet 4.5');
  });

  it('offers "Demo (offline)" after the seven only when the server does (no provider set up)', async () => {
    const onChange = jest.fn();
    const demo: ModelOption = {
      model: 'DEMO',
      label: 'Demo (offline)',
      provider: 'demo',
      available: true,
    };
    renderWithTheme(
      <ModelPicker value="DEMO" onChange={onChange} models={[...optionsWith([]), demo]} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(picker).toHaveDisplayValue('Demo (offline)');
    expect(within(picker).getAllByRole('option').at(-1)).toHaveTextContent('Demo (offline)');
    expect(within(picker).getByRole('option', { name: 'GPT-5 (not set up)' })).toBeDisabled();
  });

  it('offers the operator’s endpoint after the seven by the id the server names it, never as a catalogue model', async () => {
    const onChange = jest.fn();
    const endpoint: ModelOption = {
      model: 'ENDPOINT',
      label: 'qwen2.5-coder (your endpoint)',
      provider: 'openai-compatible',
      available: true,
    };
    renderWithTheme(
      <ModelPicker value="ENDPOINT" onChange={onChange} models={[...optionsWith([]), endpoint]} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(picker).toHaveDisplayValue('qwen2.5-coder (your endpoint)');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      ...ProviderModelSchema.options.map((model) => `${MODEL_LABELS[model]} (not set up)`),
      'qwen2.5-coder (your endpoint)',
    ]);
  });

  it('says which models run on the person’s own OpenRouter key', () => {
    const models = optionsWith(['CLAUDE_SONNET_4_5', 'GPT_5']).map((option) =>
      option.available ? { ...option, runsOnOwnKey: option.model === 'GPT_5' } : option,
    );
    renderWithTheme(<ModelPicker value="GPT_5" onChange={jest.fn()} models={models} />);
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(picker).toHaveDisplayValue('GPT-5 (on your OpenRouter key)');
    expect(within(picker).getByRole('option', { name: 'Claude Sonnet 4.5' })).toBeEnabled();
    expect(
      within(picker).getByRole('option', { name: 'Gemini 2.5 Pro (not set up)' }),
    ).toBeDisabled();
  });

  it('disables the models this server cannot run, and tells the choice', async () => {
    const onChange = jest.fn();
    renderWithTheme(
      <ModelPicker
        value="CLAUDE_SONNET_4_5"
        onChange={onChange}
        models={optionsWith(['CLAUDE_SONNET_4_5', 'GPT_5'])}
      />,
    );
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(
      within(picker).getByRole('option', { name: 'Gemini 2.5 Pro (not set up)' }),
    ).toBeDisabled();
    expect(within(picker).getByRole('option', { name: 'GPT-5' })).toBeEnabled();

    await userEvent.selectOptions(picker, 'GPT-5');
    expect(onChange).toHaveBeenCalledWith('GPT_5');
  });

  it('takes its name, hint and error from a FormField around it', () => {
    renderWithTheme(
      <FormField
        label="Model for the project"
        hint="Kept on this browser."
        error="Not set up here."
      >
        <ModelPicker value="GPT_5" onChange={jest.fn()} models={undefined} />
      </FormField>,
    );
    const picker = screen.getByRole('combobox', { name: 'Model for the project' });
    expect(picker).toHaveAccessibleDescription('Not set up here. Kept on this browser.');
    expect(picker).toBeInvalid();
  });
});
