import { useRef, type ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal } from '../modal/modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What happens if the person confirms. */
  description?: ReactNode;
  /** Extra content under the description. */
  children?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Label of the confirm button while busy (e.g. "Deleting…"). */
  busyLabel?: ReactNode;
  onConfirm: () => void;
  /** Cancel button, Escape, close button and backdrop. Ignored while busy. */
  onCancel: () => void;
  /** Red confirm button; focus starts on Cancel so Enter does not destroy by accident. */
  variant?: 'default' | 'destructive';
  /** The confirmed action is running: confirm shows a spinner, nothing else can be pressed. */
  busy?: boolean;
}

/** A yes/no question in an alertdialog, with a destructive variant and a busy state. */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel,
  onConfirm,
  onCancel,
  variant = 'default',
  busy = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const destructive = variant === 'destructive';

  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <Modal
      open={open}
      onClose={cancel}
      title={title}
      description={description}
      role="alertdialog"
      size="sm"
      initialFocusRef={destructive ? cancelRef : confirmRef}
      closeOnBackdropClick={!busy}
      closeOnEscape={!busy}
      showCloseButton={false}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={destructive ? 'destructive' : 'primary'}
            loading={busy}
            loadingText={busyLabel}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
