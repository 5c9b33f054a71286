import { useState } from 'react';
import { usePreviewSession, usePreviewState } from '@mason/preview-state';
import { Button, PencilIcon, ToolbarLabel } from '@mason/ui-kit';
import { DiscardEditsDialog } from '../discard-edits-dialog/discard-edits-dialog';

/**
 * The "Edit" button of the preview toolbar: turns visual edit mode on (SPEC.md 4: layout mode
 * off, earlier visual edits reset) and off, asking first when staged changes would be lost.
 */
export function VisualEditToggle() {
  const session = usePreviewSession();
  const editMode = usePreviewState((state) => state.editMode);
  const pendingCount = usePreviewState((state) => state.pendingEdits.length);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const toggle = () => {
    if (!editMode) session.enterEditMode();
    else if (session.getState().pendingEdits.length > 0) setConfirmingDiscard(true);
    else session.exitEditMode();
  };

  return (
    <>
      <Button
        variant={editMode ? 'secondary' : 'ghost'}
        size="sm"
        aria-pressed={editMode}
        leadingIcon={<PencilIcon size={14} />}
        onClick={toggle}
      >
        <ToolbarLabel>Edit</ToolbarLabel>
      </Button>
      <DiscardEditsDialog
        open={confirmingDiscard}
        count={pendingCount}
        onKeepEditing={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          session.exitEditMode();
        }}
      />
    </>
  );
}
