import { useId } from 'react';
import styled from 'styled-components';
import type { BuildDiagnostic } from '@mason/contract/preview';
import { AlertCircleIcon, Button, SparklesIcon } from '@mason/ui-kit';
import { diagnosticPlace } from '../error-report/error-report';

export interface BuildFailurePanelProps {
  readonly diagnostics: readonly BuildDiagnostic[];
  /** Asks the assistant to fix them. */
  readonly onFix: () => void;
}

const StyledPanel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  width: min(640px, 100%);
  max-height: 100%;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.card};
  color: ${({ theme }) => theme.colors.cardForeground};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  text-align: left;
`;

const StyledHeading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};

  svg {
    color: ${({ theme }) => theme.colors.destructiveText};
  }
`;

const StyledLead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[1.5]};
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.destructiveSubtle};
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  list-style: none;

  li {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  code {
    margin-right: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.destructiveText};
    font-family: inherit;
  }
`;

/** "The app does not build": the builder's errors at their places, and "Fix with AI". */
export function BuildFailurePanel({ diagnostics, onFix }: BuildFailurePanelProps) {
  const titleId = useId();
  return (
    <StyledPanel aria-labelledby={titleId}>
      <StyledHeading id={titleId}>
        <AlertCircleIcon size={18} />
        The app does not build
      </StyledHeading>
      <StyledLead>
        {diagnostics.length > 0
          ? 'The preview comes back by itself once these problems are fixed.'
          : 'The builder gave no reason. The preview comes back by itself once the app builds.'}
      </StyledLead>
      {diagnostics.length > 0 && (
        <StyledList aria-label="Build problems">
          {diagnostics.map((diagnostic, index) => {
            const place = diagnosticPlace(diagnostic);
            return (
              <li key={index}>
                {place && <code>{place}</code>}
                {diagnostic.severity === 'warning'
                  ? `Warning: ${diagnostic.message}`
                  : diagnostic.message}
              </li>
            );
          })}
        </StyledList>
      )}
      <div>
        <Button leadingIcon={<SparklesIcon size={14} />} onClick={() => onFix()}>
          Fix with AI
        </Button>
      </div>
    </StyledPanel>
  );
}
