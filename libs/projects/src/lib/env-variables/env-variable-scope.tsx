import styled from 'styled-components';
import { isViteEnvKey } from '@mason/contract';

/** Where a variable goes, in plain words (the screen says it next to each key). */
export function envVariableScope(key: string): string {
  return isViteEnvKey(key)
    ? 'Visible in the app (built into its code)'
    : 'Server only: never sent to the browser';
}

const StyledScope = styled.span<{ $inApp: boolean }>`
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme, $inApp }) => ($inApp ? theme.colors.warningText : theme.colors.mutedForeground)};
`;

export interface EnvVariableScopeProps {
  variableKey: string;
  id?: string;
}

/** "Visible in the app (built into its code)" or "Server only: never sent to the browser". */
export function EnvVariableScope({ variableKey, id }: EnvVariableScopeProps) {
  return (
    <StyledScope id={id} $inApp={isViteEnvKey(variableKey)}>
      {envVariableScope(variableKey)}
    </StyledScope>
  );
}
