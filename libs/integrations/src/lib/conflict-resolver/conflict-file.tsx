import { useId } from 'react';
import styled from 'styled-components';
import {
  CONFLICT_TEXT_MAX_BYTES,
  type CodeHostingConflictDetailResponse,
  type ConflictChoice,
  type ConflictSide,
} from '@mason/contract';

/** One file Mason and GitHub both changed, as GET .../code-hosting/conflict answers it. */
export type ConflictFile = CodeHostingConflictDetailResponse['files'][number];

const StyledFile = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  legend {
    padding: 0 ${({ theme }) => theme.space[1]};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    overflow-wrap: anywhere;
  }
`;

const StyledChoices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[5]};
`;

const StyledChoice = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme, $disabled }) =>
    $disabled ? theme.colors.mutedForeground : theme.colors.foreground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};

  input {
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const StyledReason = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

/** Both sides beside each other from the md breakpoint; one above the other on a phone. */
const StyledSides = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const StyledSide = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space[1.5]};
  min-width: 0;
`;

const StyledSideName = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledCode = styled.pre`
  max-height: 16rem;
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.muted};
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  white-space: pre;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }
`;

const StyledNoText = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const SIDES = { mason: 'Mason', github: 'GitHub' } as const;
type SideName = keyof typeof SIDES;

const NO_TEXT: Record<Exclude<ConflictSide['kind'], 'TEXT'>, string> = {
  MISSING: 'Deleted on this side.',
  BINARY: 'A binary file: it is not shown here.',
  TOO_LARGE: `Too large to show here (over ${Math.round(CONFLICT_TEXT_MAX_BYTES / 1000)} KB).`,
};

/** Why the assistant cannot merge a file: the side (or both) that is not text. */
export function notMergeableReason(file: ConflictFile): string | null {
  const { mason, github } = file;
  if (mason.kind === 'TEXT' && github.kind === 'TEXT') return null;
  const sideIs = (name: SideName, kind: ConflictSide['kind']) =>
    kind === 'MISSING'
      ? `${SIDES[name]} deleted this file`
      : `${SIDES[name]}’s side is ${kind === 'BINARY' ? 'a binary file' : 'too large to show'}`;
  const why =
    mason.kind !== 'TEXT' && github.kind === mason.kind
      ? mason.kind === 'MISSING'
        ? 'both sides deleted this file'
        : `both sides are ${mason.kind === 'BINARY' ? 'binary files' : 'too large to show'}`
      : mason.kind !== 'TEXT'
        ? sideIs('mason', mason.kind)
        : sideIs('github', github.kind);
  return `The assistant merges text only: ${why}.`;
}

function Side({ name, path, side }: { name: SideName; path: string; side: ConflictSide }) {
  return (
    <StyledSide>
      <StyledSideName>{SIDES[name]}’s version</StyledSideName>
      {side.kind === 'TEXT' ? (
        // Focusable so that a keyboard scrolls it; named for a screen reader's list of regions.
        <StyledCode tabIndex={0} role="region" aria-label={`${SIDES[name]}’s ${path}`}>
          {side.text === '' || side.text === null ? '(an empty file)' : side.text}
        </StyledCode>
      ) : (
        <StyledNoText>{NO_TEXT[side.kind]}</StyledNoText>
      )}
    </StyledSide>
  );
}

export interface ConflictFileChoiceProps {
  file: ConflictFile;
  choice: ConflictChoice | undefined;
  onChoose: (choice: ConflictChoice) => void;
  disabled?: boolean;
}

/**
 * One conflicting file: a fieldset named by its path, three radios (Keep Mason’s, Keep GitHub’s,
 * Let the assistant merge: only when both sides are text, else the reason says why), and both
 * sides to compare.
 */
export function ConflictFileChoice({ file, choice, onChoose, disabled }: ConflictFileChoiceProps) {
  const name = useId();
  const reasonId = useId();
  const reason = notMergeableReason(file);
  const options: { value: ConflictChoice; label: string; unavailable: boolean }[] = [
    { value: 'MASON', label: 'Keep Mason’s', unavailable: false },
    { value: 'GITHUB', label: 'Keep GitHub’s', unavailable: false },
    { value: 'ASSISTANT', label: 'Let the assistant merge', unavailable: reason !== null },
  ];
  return (
    <StyledFile>
      <legend>{file.path}</legend>
      <StyledChoices>
        {options.map(({ value, label, unavailable }) => (
          <StyledChoice key={value} $disabled={unavailable || Boolean(disabled)}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              disabled={unavailable || disabled}
              aria-describedby={unavailable ? reasonId : undefined}
              onChange={() => onChoose(value)}
            />
            {label}
          </StyledChoice>
        ))}
      </StyledChoices>
      {reason && <StyledReason id={reasonId}>{reason}</StyledReason>}
      <StyledSides>
        <Side name="mason" path={file.path} side={file.mason} />
        <Side name="github" path={file.path} side={file.github} />
      </StyledSides>
    </StyledFile>
  );
}
