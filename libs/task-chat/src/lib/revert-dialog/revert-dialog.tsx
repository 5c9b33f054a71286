import { useRevertTaskMutation } from '@mason/api-client';
import { usePreviewSessionOrNull } from '@mason/preview-state';
import { ConfirmDialog, useToast } from '@mason/ui-kit';
import type { RevertTarget } from '../chat-context/chat-context';

export interface RevertDialogProps {
  taskId: string;
  /** The version to revert to; null keeps the dialog closed. */
  target: RevertTarget | null;
  onClose: () => void;
}

/**
 * Asks before a revert (POST /tasks/:id/revert), then shows the newest version (the revert) in
 * the preview and says what happened, with Undo: a revert back to the version that was newest.
 */
export function RevertDialog({ taskId, target, onClose }: RevertDialogProps) {
  const [revert, reverting] = useRevertTaskMutation();
  const toast = useToast();
  const session = usePreviewSessionOrNull();

  const revertTo = async (to: RevertTarget, undo: boolean) => {
    try {
      const { version, previous } = await revert({ taskId, versionId: to.versionId }).unwrap();
      // The person sees what they have now, not the older version they may have been viewing.
      session?.viewVersion(null);
      const message = undo
        ? `Revert undone: version ${to.index}’s files are back, saved as version ${version.index}.`
        : `Reverted to version ${to.index}. It is saved as version ${version.index}.`;
      toast.success(message, {
        action:
          !undo && previous
            ? {
                label: 'Undo',
                onClick: () =>
                  void revertTo({ versionId: previous.versionId, index: previous.index }, true),
              }
            : undefined,
      });
    } catch {
      // The api listener toasts why (e.g. the assistant is still working).
    }
  };

  const confirm = async () => {
    if (target) await revertTo(target, false);
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
