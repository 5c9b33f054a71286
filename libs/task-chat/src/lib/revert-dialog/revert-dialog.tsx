import { useRevertTaskMutation } from '@mason/api-client';
import { ConfirmDialog, useToast } from '@mason/ui-kit';
import type { RevertTarget } from '../chat-context/chat-context';

export interface RevertDialogProps {
  taskId: string;
  /** The version to revert to; null keeps the dialog closed. */
  target: RevertTarget | null;
  onClose: () => void;
}

/** Asks before a revert (POST /tasks/:id/revert), then says it is done. */
export function RevertDialog({ taskId, target, onClose }: RevertDialogProps) {
  const [revert, reverting] = useRevertTaskMutation();
  const toast = useToast();

  const confirm = async () => {
    if (!target) return;
    try {
      const { version } = await revert({ taskId, versionId: target.versionId }).unwrap();
      toast.show(
        `Reverted to version ${target.index}. It is saved as version ${version.index}.`,
        'success',
      );
    } catch {
      // The api listener toasts why (e.g. the assistant is still working).
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? `Revert to version ${target.index}?` : 'Revert'}
      description="The project’s files go back to how they were in that version. Nothing is lost: the revert is saved as a new version, and you can return to any other."
      confirmLabel="Revert"
      busy={reverting.isLoading}
      busyLabel="Reverting…"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
