import styled from 'styled-components';
import {
  DEMO_MODEL,
  ENDPOINT_MODEL,
  modelLabel,
  ModelSchema,
  ProviderModelSchema,
  type Model,
  type ModelOption,
} from '@mason/contract';
import { Select, type SelectProps } from '../select/select';

/**
 * As wide as its longest label, never wider than its container: compact beside the composer's
 * buttons, yet "Claude Sonnet 4.5 (not set up)" reads in full (a fixed cap cut it to "(not").
 */
const StyledSelect = styled(Select)`
  width: fit-content;
  max-width: 100%;
  min-width: 0;

  select {
    text-overflow: ellipsis;
  }
`;

export interface ModelPickerProps extends Omit<
  SelectProps,
  'value' | 'onChange' | 'children' | 'size'
> {
  value: Model;
  onChange: (model: Model) => void;
  /** GET /models' answer; while it loads (or when it failed) every model is offered. */
  models: readonly ModelOption[] | undefined;
}

/**
 * The seven models of SPEC.md 9 in its order, by name; those this server cannot run are offered
 * but disabled ("(not set up)"). The operator's own model follows them when the server has one
 * (LLM_BASE_URL), by the name the server gives it ("qwen2.5-coder (your endpoint)"), then
 * "Demo (offline)" when the server offers it (no provider set up). A model that runs on the
 * person's own OpenRouter key says so ("GPT-5 (on your OpenRouter key)"): OpenRouter charges
 * them, Mason does not. Named "Model" unless a label (FormField) or aria-label names it.
 */
export function ModelPicker({ value, onChange, models, ...select }: ModelPickerProps) {
  const availability = new Map(models?.map((option) => [option.model, option.available]));
  const onOwnKey = new Set(
    models?.filter((option) => option.runsOnOwnKey).map((option) => option.model),
  );
  return (
    <StyledSelect
      size="sm"
      aria-label={select.id === undefined ? 'Model' : undefined}
      {...select}
      value={value}
      onChange={(event) => {
        const parsed = ModelSchema.safeParse(event.target.value);
        if (parsed.success) onChange(parsed.data);
      }}
    >
      {(
        [
          ...ProviderModelSchema.options,
          ...([ENDPOINT_MODEL, DEMO_MODEL] as Model[]).filter(
            (extra) => availability.has(extra) || value === extra,
          ),
        ] as Model[]
      ).map((model) => {
        const unavailable = availability.get(model) === false;
        return (
          <option key={model} value={model} disabled={unavailable}>
            {modelLabel(model, models)}
            {unavailable ? ' (not set up)' : onOwnKey.has(model) ? ' (on your OpenRouter key)' : ''}
          </option>
        );
      })}
    </StyledSelect>
  );
}
