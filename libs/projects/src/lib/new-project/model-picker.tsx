import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MODEL_LABELS, ModelSchema, type Model, type ModelOption } from '@mason/contract';
import { Alert, Button, FormField, Select } from '@mason/ui-kit';

const StyledRetry = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/** The seven models in SPEC.md's order, from GET /models when it answered, else by name only. */
function optionsOf(models: readonly ModelOption[] | undefined): ModelOption[] {
  if (models?.length) return [...models];
  return ModelSchema.options.map((model) => ({
    model,
    label: MODEL_LABELS[model],
    provider: null,
    available: true,
  }));
}

export interface ModelPickerProps {
  value: Model;
  onChange: (model: Model) => void;
  /** GET /models' answer; undefined while loading or after a failure. */
  models: readonly ModelOption[] | undefined;
  /** GET /models' setupHint: shown when no model can run on this server. */
  setupHint: string | null | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** What the server said about the model, if it refused it. */
  error?: string;
  disabled?: boolean;
}

/**
 * Which model builds the project: the seven of SPEC.md 9 with their names; those this server
 * cannot run are disabled, and when none can run the server's setup hint says what to set.
 */
export function ModelPicker({
  value,
  onChange,
  models,
  setupHint,
  loading,
  failed,
  onRetry,
  error,
  disabled = false,
}: ModelPickerProps) {
  const options = optionsOf(models);
  const noneAvailable = models !== undefined && !models.some(({ available }) => available);

  let hint: ReactNode = 'Kept for your next project and chat on this browser.';
  if (noneAvailable) hint = undefined;
  else if (loading) hint = 'Checking which models this server can run…';
  else if (failed)
    hint = (
      <StyledRetry>
        Mason could not check which models this server runs.
        <Button type="button" size="sm" variant="link" onClick={onRetry}>
          Check again
        </Button>
      </StyledRetry>
    );

  return (
    <>
      <FormField label="Model" hint={hint} error={error}>
        <Select
          value={value}
          disabled={disabled || noneAvailable}
          onChange={(event) => onChange(event.target.value as Model)}
        >
          {options.map((option) => (
            <option key={option.model} value={option.model} disabled={!option.available}>
              {option.available ? option.label : `${option.label} (not configured)`}
            </option>
          ))}
        </Select>
      </FormField>
      {noneAvailable ? (
        <Alert tone="warning" title="No AI model can run on this server yet">
          {setupHint ??
            'No AI model is configured on this server. Ask whoever runs Mason to set a model key.'}{' '}
          You can still create the project, but Mason cannot build it until a model is set.
        </Alert>
      ) : null}
    </>
  );
}
