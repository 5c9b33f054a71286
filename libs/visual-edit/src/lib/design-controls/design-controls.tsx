import { useId } from 'react';
import styled from 'styled-components';
import { EditorFieldset, EditorLegend } from '../editor-fieldset/editor-fieldset';
import { Select, Text } from '@mason/ui-kit';
import type { ElementDraft } from '../edit-draft/edit-draft';
import { DESIGN_GROUPS, currentValue, optionOf, withOption } from './design-options';

export interface DesignControlsProps {
  readonly draft: ElementDraft;
  /** The app's CSS is made by Tailwind: the controls write its classes, else inline styles. */
  readonly tailwind: boolean;
  readonly onChange: (draft: ElementDraft) => void;
}

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${({ theme }) => `${theme.space[3]} ${theme.space[2]}`};
`;

const StyledControl = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

/**
 * Font size and weight, colours from the theme, spacing, radius, width and alignment of the
 * selected element, as choices. In a Tailwind app a choice writes its class (through
 * tailwind-merge, so it replaces the one that set the same thing); otherwise an inline style.
 */
export function DesignControls({ draft, tailwind, onChange }: DesignControlsProps) {
  const hintId = useId();
  return (
    <EditorFieldset aria-describedby={hintId}>
      <EditorLegend>Design</EditorLegend>
      <Text id={hintId} size="xs" tone="muted">
        {tailwind
          ? 'Each choice writes a Tailwind class, in place of the one that set the same thing.'
          : 'Each choice writes an inline style.'}
      </Text>
      <StyledGrid>
        {DESIGN_GROUPS.map((group) => {
          const value = currentValue(draft, group, tailwind);
          const custom = value !== '' && optionOf(group, value, tailwind) === null;
          return (
            <StyledControl key={group.id}>
              {group.label}
              <Select
                size="sm"
                value={value}
                onChange={(event) =>
                  onChange(
                    withOption(
                      draft,
                      group,
                      optionOf(group, event.target.value, tailwind),
                      tailwind,
                    ),
                  )
                }
              >
                <option value="">Not set</option>
                {custom ? (
                  <option value={value} disabled>
                    {`Other (${value})`}
                  </option>
                ) : null}
                {group.options.map((choice) => (
                  <option key={choice.label} value={tailwind ? choice.tailwind : choice.css}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </StyledControl>
          );
        })}
      </StyledGrid>
    </EditorFieldset>
  );
}
