import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  AlertCircleIcon,
  AlertTriangleIcon,
  CheckCircleIcon,
  InfoIcon,
} from '../../icons/notice-icons';
import type { ColorTokens } from '../../theme/tokens';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links at the end. */
  action?: ReactNode;
  /** Replace the tone's icon; `null` hides it. */
  icon?: ReactNode;
  className?: string;
  id?: string;
}

const TONES: Record<AlertTone, { text: keyof ColorTokens; subtle: keyof ColorTokens }> = {
  error: { text: 'destructiveText', subtle: 'destructiveSubtle' },
  warning: { text: 'warningText', subtle: 'warningSubtle' },
  info: { text: 'infoText', subtle: 'infoSubtle' },
  success: { text: 'successText', subtle: 'successSubtle' },
};

const ICONS: Record<AlertTone, ReactNode> = {
  error: <AlertCircleIcon size={16} />,
  warning: <AlertTriangleIcon size={16} />,
  info: <InfoIcon size={16} />,
  success: <CheckCircleIcon size={16} />,
};

export const StyledAlert = styled.div<{ $tone: AlertTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid
    ${({ theme, $tone }) => `color-mix(in srgb, ${theme.colors[TONES[$tone].text] as string} 30%, transparent)`};
  border-radius: ${({ theme }) => theme.radii.lg};
  background-color: ${({ theme, $tone }) => theme.colors[TONES[$tone].subtle] as string};
  color: ${({ theme }) => theme.colors.foreground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.snug};
`;

const StyledAlertIcon = styled.span<{ $tone: AlertTone }>`
  display: inline-flex;
  margin-top: 1px;
  color: ${({ theme, $tone }) => theme.colors[TONES[$tone].text] as string};
`;

const StyledAlertContent = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledAlertTitle = styled.p`
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledAlertText = styled.div<{ $muted: boolean }>`
  color: ${({ theme, $muted }) => ($muted ? theme.colors.mutedForeground : theme.colors.foreground)};
`;

/**
 * An inline message for form-level errors and notices. Errors are role=alert (announced at
 * once); the other tones are role=status.
 */
export function Alert({ tone = 'info', title, children, action, icon, className, id }: AlertProps) {
  return (
    <StyledAlert
      $tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      className={className}
      id={id}
    >
      {icon === null ? null : (
        <StyledAlertIcon $tone={tone} aria-hidden="true">
          {icon ?? ICONS[tone]}
        </StyledAlertIcon>
      )}
      <StyledAlertContent>
        {title ? <StyledAlertTitle>{title}</StyledAlertTitle> : null}
        {children ? <StyledAlertText $muted={Boolean(title)}>{children}</StyledAlertText> : null}
      </StyledAlertContent>
      {action}
    </StyledAlert>
  );
}
