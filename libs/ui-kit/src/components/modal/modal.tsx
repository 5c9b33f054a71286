import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from '../../icons/notice-icons';
import { isTopLayer, useFocusTrap } from '../../utils/use-focus-trap';
import { useScrollLock } from '../../utils/use-scroll-lock';
import { Button } from '../button/button';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  /** The dialog's accessible name (aria-labelledby). */
  title: ReactNode;
  /** Shown under the title and used as aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row at the bottom (buttons align to the end). */
  footer?: ReactNode;
  size?: ModalSize;
  /** `alertdialog` for confirmations that interrupt. Default: dialog. */
  role?: 'dialog' | 'alertdialog';
  /** Element focused when the modal opens. Default: the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Close on a click on the backdrop. Default: true. */
  closeOnBackdropClick?: boolean;
  /** Close on Escape. Default: true. */
  closeOnEscape?: boolean;
  /** Show the × button in the corner. Default: true. */
  showCloseButton?: boolean;
  /** Where the portal goes. Default: document.body. */
  container?: HTMLElement | null;
  className?: string;
}

const WIDTHS: Record<ModalSize, string> = { sm: '400px', md: '520px', lg: '680px' };

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const popIn = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.97); }
  to { opacity: 1; transform: translateY(0) scale(1); }
`;

export const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background-color: ${({ theme }) => theme.colors.overlay};
  backdrop-filter: blur(2px);
  animation: ${fadeIn}
    ${({ theme }) => `${theme.motion.durations.normal} ${theme.motion.easings.standard}`};
  overflow-y: auto;
`;

export const StyledDialog = styled.div<{ $size: ModalSize }>`
  position: relative;
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $size }) => WIDTHS[$size]};
  max-height: calc(100dvh - ${({ theme }) => theme.space[8]});
  margin: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  background-color: ${({ theme }) => theme.colors.popover};
  color: ${({ theme }) => theme.colors.popoverForeground};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  animation: ${popIn} ${({ theme }) => `${theme.motion.durations.slow} ${theme.motion.easings.out}`};

  &:focus {
    outline: none;
  }
`;

export const StyledModalHeader = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[6]} 0`};
  padding-right: ${({ theme }) => theme.space[12]};
`;

export const StyledModalTitle = styled.h2`
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
`;

export const StyledModalDescription = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

export const StyledModalBody = styled.div`
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[6]} 0`};
  overflow-y: auto;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  &:last-child {
    padding-bottom: ${({ theme }) => theme.space[6]};
  }
`;

export const StyledModalFooter = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[6]};

  ${({ theme }) => theme.media.sm} {
    flex-wrap: nowrap;
  }
`;

const StyledCloseButton = styled(Button)`
  position: absolute;
  top: ${({ theme }) => theme.space[4]};
  right: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

/**
 * Accessible dialog in a portal: role=dialog, aria-modal, labelled by its title, focus kept
 * inside, Escape closes, focus goes back to the opener when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  initialFocusRef,
  closeOnBackdropClick = true,
  closeOnEscape = true,
  showCloseButton = true,
  container,
  className,
}: ModalProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const [layer] = useState(() => ({}));
  const pointerDownOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useFocusTrap(dialogRef, open, layer, { initialFocusRef });
  useScrollLock(open);

  useEffect(() => {
    if (!open || !closeOnEscape) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isTopLayer(layer)) return;
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, closeOnEscape, layer]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <StyledBackdrop
      data-mason-modal-backdrop=""
      onPointerDown={(event) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a press that started and ended on the backdrop closes (not a text selection drag).
        if (
          closeOnBackdropClick &&
          pointerDownOnBackdrop.current &&
          event.target === event.currentTarget
        )
          onClose();
        pointerDownOnBackdrop.current = false;
      }}
    >
      <StyledDialog
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $size={size}
        className={className}
      >
        <StyledModalHeader>
          <StyledModalTitle id={titleId}>{title}</StyledModalTitle>
          {description ? (
            <StyledModalDescription id={descriptionId}>{description}</StyledModalDescription>
          ) : null}
        </StyledModalHeader>
        {children ? <StyledModalBody>{children}</StyledModalBody> : null}
        {footer ? <StyledModalFooter>{footer}</StyledModalFooter> : null}
        {showCloseButton ? (
          <StyledCloseButton variant="ghost" size="icon-sm" aria-label="Close" onClick={onClose}>
            <CloseIcon size={16} />
          </StyledCloseButton>
        ) : null}
      </StyledDialog>
    </StyledBackdrop>,
    container ?? document.body,
  );
}
