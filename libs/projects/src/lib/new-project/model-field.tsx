import type { ReactNode } from 'react';
import styled from 'styled-components';
import { DEMO_MODEL, MODEL_LABELS, type Model, type ModelOption } from '@mason/contract';
import { Alert, Button, FormField, ModelPicker, MoreDetails } from '@mason/ui-kit';

const StyledRetry = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface ModelFieldProps {
  value: Model;
  /** The person's choice that cannot run here, for which `value` is preselected; null: none. */
  setAside?: Model | null;
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
 * Which model builds the project: the model picker under its label, with what the form says
 * about it (kept for next time, still checking, could not check), and, when this server can run
 * no model, the server's setup hint.
 */
export function ModelField({
  value,
  setAside = null,
  onChange,
  models,
  setupHint,
  loading,
  failed,
  onRetry,
  error,
  disabled = false,
}: ModelFieldProps) {
  const noneAvailable = models !== undefined && !models.some(({ available }) => available);
  const demo = value === DEMO_MODEL;

  let hint: ReactNode = 'Kept for your next project and chat on this browser.';
  if (noneAvailable || demo) hint = undefined;
  else if (loading) hint = 'Checking which models this server can run…';
  else if (setAside)
    hint = `Preselected: ${MODEL_LABELS[setAside]} does not run on this server. A model you pick is kept for your next project and chat on this browser.`;
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
        <ModelPicker
          value={value}
          onChange={onChange}
          models={models}
          disabled={disabled || noneAvailable}
        />
      </FormField>
      {demo ? (
        // Short on a phone too: what to set on the server is behind a link.
        <Alert tone="info" title="Demo (offline): no AI provider is set up">
          It builds a small checklist app, free.
          {setupHint ? (
            <>
              {' '}
              <MoreDetails label="How to use a real model">{setupHint}</MoreDetails>
            </>
          ) : null}
        </Alert>
      ) : null}
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
