import { useState } from 'react';
import styled from 'styled-components';
import { MODEL_LABELS, ModelSchema, type Model, type ModelsResponse } from '@mason/contract';
import { readStoredModel, storeModel, useGetModelsQuery } from '@mason/api-client';
import { Select } from '@mason/ui-kit';

/**
 * The model a message is sent with: the stored choice (default CLAUDE_SONNET_4_5), or, when
 * this server cannot run it, the first model it can.
 */
export function effectiveModel(chosen: Model, models: ModelsResponse | undefined): Model {
  if (!models) return chosen;
  const available = models.models.filter((option) => option.available).map((option) => option.model);
  return available.length === 0 || available.includes(chosen) ? chosen : (available[0] as Model);
}

/** The chosen model (stored in this browser) and what this server offers. */
export function useModelChoice() {
  const [chosen, setChosen] = useState<Model>(readStoredModel);
  const models = useGetModelsQuery();
  const choose = (model: Model) => {
    setChosen(model);
    storeModel(model);
  };
  const noneAvailable = models.data !== undefined && !models.data.models.some((option) => option.available);
  return {
    model: effectiveModel(chosen, models.data),
    choose,
    models: models.data,
    /** What to set on the server when it can run no model, else null. */
    setupHint: noneAvailable
      ? (models.data?.setupHint ?? 'No AI model is configured on this server.')
      : null,
  };
}

const StyledSelect = styled(Select)`
  max-width: 12rem;
`;

export interface ModelPickerProps {
  value: Model;
  onChange: (model: Model) => void;
  /** GET /models; while it loads every model is offered. */
  models: ModelsResponse | undefined;
  disabled?: boolean;
}

/** The seven models of SPEC.md 9; those this server cannot run are offered but disabled. */
export function ModelPicker({ value, onChange, models, disabled }: ModelPickerProps) {
  const availability = new Map(models?.models.map((option) => [option.model, option.available]));
  return (
    <StyledSelect
      size="sm"
      aria-label="Model"
      value={value}
      disabled={disabled}
      onChange={(event) => {
        const parsed = ModelSchema.safeParse(event.target.value);
        if (parsed.success) onChange(parsed.data);
      }}
    >
      {ModelSchema.options.map((model) => {
        const unavailable = availability.get(model) === false;
        return (
          <option key={model} value={model} disabled={unavailable}>
            {MODEL_LABELS[model]}
            {unavailable ? ' (not set up)' : ''}
          </option>
        );
      })}
    </StyledSelect>
  );
}
