import { ConfirmDialog } from '@mason/ui-kit';
import { countChanges } from '../describe-edit/describe-edit';

export interface DiscardEditsDialogProps {
  readonly open: boolean;
  /** How many staged changes would be lost. */
  readonly count: number;
  readonly onKeepEditing: () => void;
  readonly onDiscard: () => void;
}

/** Asks before the staged visual edits are thrown away (SPEC.md 2: the discard modal). */
export function DiscardEditsDialog({
  open,
  count,
  onKeepEditing,
  onDiscard,
}: DiscardEditsDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      variant="destructive"
      title="Discard your changes?"
      description={`${countChanges(count)} you have not saved will be lost, and the preview goes back to the saved version.`}
      cancelLabel="Keep editing"
      confirmLabel="Discard changes"
      onCancel={onKeepEditing}
      onConfirm={onDiscard}
    />
  );
}
