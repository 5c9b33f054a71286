import { TOAST_DURATION_MS } from '@mason/contract';
import {
  SnackbarContent,
  SnackbarProvider,
  useSnackbar,
  type CustomContentProps,
  type SnackbarKey,
} from 'notistack';
import { useMemo, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import {
  AlertCircleIcon,
  AlertTriangleIcon,
  CheckCircleIcon,
  CloseIcon,
  InfoIcon,
} from '../../icons/notice-icons';

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface ToastProviderProps {
  children?: ReactNode;
  /** How many toasts show at once. Default: 3. */
  maxSnack?: number;
  /** Milliseconds before a toast closes. Default: TOAST_DURATION_MS (2500, SPEC.md). */
  autoHideDuration?: number;
}

const ACCENT: Record<ToastVariant, string> = {
  default: 'transparent',
  success: '#4ade80',
  error: '#f87171',
  warning: '#fbbf24',
  info: '#60a5fa',
};

const ICONS: Record<ToastVariant, ReactNode> = {
  default: null,
  success: <CheckCircleIcon size={16} />,
  error: <AlertCircleIcon size={16} />,
  warning: <AlertTriangleIcon size={16} />,
  info: <InfoIcon size={16} />,
};

export const StyledToast = styled(SnackbarContent)<{ $variant: ToastVariant }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  width: min(420px, calc(100vw - 32px));
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[2]} ${theme.space[2.5]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.toastBorder};
  border-radius: ${({ theme }) => theme.radii.lg};
  background-color: ${({ theme }) => theme.colors.toast};
  color: ${({ theme }) => theme.colors.toastForeground};
  box-shadow:
    0 16px 40px -12px rgba(0, 0, 0, 0.55),
    0 4px 12px -4px rgba(0, 0, 0, 0.35);
  font-family: ${({ theme }) => theme.typography.fonts.sans};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  line-height: ${({ theme }) => theme.typography.lineHeights.snug};
  cursor: pointer;
  color-scheme: dark;
  pointer-events: auto;
`;

const StyledToastIcon = styled.span<{ $variant: ToastVariant }>`
  display: inline-flex;
  flex-shrink: 0;
  color: ${({ $variant }) => ACCENT[$variant]};
`;

const StyledToastMessage = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const StyledToastClose = styled.button`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  justify-content: center;
  width: 26px;
  height: 26px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.toastMutedForeground};

  &:hover {
    background-color: rgba(255, 255, 255, 0.08);
    color: ${({ theme }) => theme.colors.toastForeground};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.toastMutedForeground};
    outline-offset: 1px;
  }
`;

const StyledToastAction = styled.button`
  flex-shrink: 0;
  height: 28px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.toastBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(255, 255, 255, 0.06);
  color: ${({ theme }) => theme.colors.toastForeground};
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  cursor: pointer;

  &:hover {
    background-color: rgba(255, 255, 255, 0.14);
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.toastMutedForeground};
    outline-offset: 1px;
  }
`;

function toVariant(value: string): ToastVariant {
  return value in ACCENT ? (value as ToastVariant) : 'default';
}

/** One toast: dark in both modes, closes on a click anywhere on it. */
function ToastContent({
  id,
  message,
  variant,
  action,
  ref,
}: CustomContentProps & { ref?: Ref<HTMLDivElement> }) {
  const { closeSnackbar } = useSnackbar();
  const tone = toVariant(variant);
  return (
    <StyledToast
      ref={ref}
      $variant={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      onClick={() => closeSnackbar(id)}
    >
      {ICONS[tone] ? (
        <StyledToastIcon $variant={tone} aria-hidden="true">
          {ICONS[tone]}
        </StyledToastIcon>
      ) : null}
      <StyledToastMessage>{message}</StyledToastMessage>
      {typeof action === 'function' ? action(id) : action}
      <StyledToastClose
        type="button"
        aria-label="Dismiss notification"
        onClick={(event) => {
          event.stopPropagation();
          closeSnackbar(id);
        }}
      >
        <CloseIcon size={14} />
      </StyledToastClose>
    </StyledToast>
  );
}

const COMPONENTS = {
  default: ToastContent,
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
};

/**
 * notistack, configured as SPEC.md says: top-center, dark, closes after TOAST_DURATION_MS and on
 * click. Place it inside MasonThemeProvider.
 */
export function ToastProvider({
  children,
  maxSnack = 3,
  autoHideDuration = TOAST_DURATION_MS,
}: ToastProviderProps) {
  return (
    <SnackbarProvider
      maxSnack={maxSnack}
      autoHideDuration={autoHideDuration}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      preventDuplicate
      Components={COMPONENTS}
    >
      {children}
    </SnackbarProvider>
  );
}

export interface ToastOptions {
  /** Stable key: a second toast with the same key replaces nothing and is ignored by notistack. */
  key?: SnackbarKey;
  /** Keep the toast until it is clicked. */
  persist?: boolean;
  autoHideDuration?: number;
  /** A button in the toast ("Undo"): clicking it runs `onClick` and closes the toast. */
  action?: { label: string; onClick: () => void };
}

export interface ToastApi {
  show: (message: ReactNode, variant?: ToastVariant, options?: ToastOptions) => SnackbarKey;
  success: (message: ReactNode, options?: ToastOptions) => SnackbarKey;
  error: (message: ReactNode, options?: ToastOptions) => SnackbarKey;
  info: (message: ReactNode, options?: ToastOptions) => SnackbarKey;
  warning: (message: ReactNode, options?: ToastOptions) => SnackbarKey;
  dismiss: (key?: SnackbarKey) => void;
}

/** Show and dismiss toasts from a component under ToastProvider. */
export function useToast(): ToastApi {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(() => {
    const show = (
      message: ReactNode,
      variant: ToastVariant = 'default',
      { action, ...options }: ToastOptions = {},
    ) =>
      enqueueSnackbar(message, {
        variant,
        ...options,
        action: action
          ? (key: SnackbarKey) => (
              <StyledToastAction
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  closeSnackbar(key);
                  action.onClick();
                }}
              >
                {action.label}
              </StyledToastAction>
            )
          : undefined,
      });
    return {
      show,
      success: (message, options) => show(message, 'success', options),
      error: (message, options) => show(message, 'error', options),
      info: (message, options) => show(message, 'info', options),
      warning: (message, options) => show(message, 'warning', options),
      dismiss: (key) => closeSnackbar(key),
    };
  }, [enqueueSnackbar, closeSnackbar]);
}
