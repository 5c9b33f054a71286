import { useRef, useState } from 'react';
import styled from 'styled-components';
import {
  isApiError,
  useApplyVisualEditsMutation,
  useGetProjectPreviewQuery,
} from '@mason/api-client';
import { selectionKey, usePreviewSession, usePreviewState } from '@mason/preview-state';
import { Alert, Button, Panel, Text, showToast } from '@mason/ui-kit';
import { DiscardEditsDialog } from '../discard-edits-dialog/discard-edits-dialog';
import { toVisualEdit } from '../edit-draft/edit-draft';
import { ElementEditor, type ElementEditorHandle } from '../element-editor/element-editor';
import { PendingEditsList } from '../pending-edits-list/pending-edits-list';
import { useDeferredFocus } from './use-deferred-focus';

export interface VisualEditPanelProps {
  readonly projectId: string;
  /** The task the workspace shows: the new version is recorded in its log. */
  readonly taskId?: string;
}

/** Shown when a save fails with something that is not an api-client error. */
const SAVE_FAILED_MESSAGE = 'Your changes could not be saved. Try again.';

/* The fields scroll; Save and Discard (the footer) stay in view at the bottom. */
const StyledPanel = styled(Panel)`
  display: flex;
  flex-direction: column;
  min-height: 0;
  overflow: hidden;

  & > :not(footer) {
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
  }
  & > footer {
    flex-shrink: 0;
  }
`;

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

const StyledTitle = styled.h2`
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.foreground};

  &:focus {
    outline: none;
  }
`;

const StyledFooter = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
`;

/**
 * The visual edit panel (SPEC.md 2): edit the element selected in the preview, see and undo the
 * staged changes, save them as a new version or discard them. Renders nothing outside edit mode.
 */
export function VisualEditPanel(props: VisualEditPanelProps) {
  const editMode = usePreviewState((state) => state.editMode);
  // Its own component, so a save error or an open dialog does not outlive edit mode.
  return editMode ? <EditModePanel {...props} /> : null;
}

function EditModePanel({ projectId, taskId }: VisualEditPanelProps) {
  const session = usePreviewSession();
  const selection = usePreviewState((state) => state.selection);
  const pendingEdits = usePreviewState((state) => state.pendingEdits);
  const shownVersion = usePreviewState((state) => state.shownVersion);
  const [applyVisualEdits, saving] = useApplyVisualEditsMutation();
  // The preview pane asked for it already: whether the app is styled with Tailwind.
  const preview = useGetProjectPreviewQuery(projectId);
  const editor = useRef<ElementEditorHandle>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useDeferredFocus(title);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const save = async () => {
    editor.current?.flush();
    const { pendingEdits: edits, shownVersion: version } = session.getState();
    if (!version || edits.length === 0) return;
    try {
      const result = await applyVisualEdits({
        projectId,
        ...(taskId !== undefined && { taskId }),
        baseVersionId: version.versionId,
        edits: edits.map(toVisualEdit),
      }).unwrap();
      session.resetEdits();
      void showToast(`Saved as version ${result.version.index}.`, { variant: 'success' });
    } catch {
      // The server's sentence shows in the alert above Save; the edits stay staged for another try.
    }
  };

  const askToDiscard = () => {
    editor.current?.flush();
    if (session.getState().pendingEdits.length > 0) setConfirmingDiscard(true);
  };

  const discard = () => {
    setConfirmingDiscard(false);
    session.resetEdits();
    focusTitle();
  };

  const saveError = saving.isError
    ? isApiError(saving.error)
      ? saving.error.message
      : SAVE_FAILED_MESSAGE
    : null;
  const hasEdits = pendingEdits.length > 0;

  return (
    <StyledPanel
      aria-label="Visual edit"
      padding="sm"
      footer={
        <StyledFooter>
          {/* Beside Save, always in view: a refused save never fails below the fold. */}
          {saveError ? <Alert tone="error">{saveError}</Alert> : null}
          <StyledActions>
            <Button
              variant="outline"
              disabled={!hasEdits || saving.isLoading}
              onClick={askToDiscard}
            >
              Discard
            </Button>
            <Button
              disabled={!hasEdits || !shownVersion}
              loading={saving.isLoading}
              loadingText="Saving…"
              onClick={() => void save()}
            >
              Save changes
            </Button>
          </StyledActions>
        </StyledFooter>
      }
    >
      <StyledBody>
        <StyledTitle ref={title} tabIndex={-1}>
          Visual edit
        </StyledTitle>
        {selection ? (
          <ElementEditor
            key={selectionKey(selection)}
            ref={editor}
            selection={selection}
            tailwind={preview.data?.tailwind ?? false}
            disabled={saving.isLoading}
            onDeleted={focusTitle}
          />
        ) : (
          <Text size="sm" tone="muted">
            Click an element in the preview to edit it.
          </Text>
        )}
        <PendingEditsList
          edits={pendingEdits}
          disabled={saving.isLoading}
          onUndo={(edit) => session.unstageEdit(edit.selection)}
        />
        {hasEdits && !shownVersion ? (
          <Text size="xs" tone="muted">
            You can save once the preview has loaded.
          </Text>
        ) : null}
      </StyledBody>
      <DiscardEditsDialog
        open={confirmingDiscard}
        count={pendingEdits.length}
        onKeepEditing={() => setConfirmingDiscard(false)}
        onDiscard={discard}
      />
    </StyledPanel>
  );
}
