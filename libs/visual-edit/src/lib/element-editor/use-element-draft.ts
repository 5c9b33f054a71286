import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewSelection } from '@mason/contract/preview';
import {
  selectionKey,
  usePreviewSession,
  usePreviewState,
  type PendingEdit,
} from '@mason/preview-state';
import { draftOf, editOf, type ElementDraft } from '../edit-draft/edit-draft';

/** How long typing pauses before a change is staged (and the preview shows it). */
export const STAGE_DELAY_MS = 150;

export interface ElementDraftControls {
  /** The element as it was first selected: the values every change is compared with. */
  readonly original: PreviewSelection;
  readonly draft: ElementDraft;
  /** Shows a change at once and stages it after STAGE_DELAY_MS. */
  readonly change: (next: ElementDraft) => void;
  /** Stages a change still waiting for its delay now (before saving or counting changes). */
  readonly flush: () => void;
  /** Drops a change still waiting for its delay (the element is about to be deleted). */
  readonly cancel: () => void;
}

/**
 * The editor's draft of one element, kept in step with the session: every change is staged as
 * an UPDATE with only what differs (or unstaged when it is back to the original values) after a
 * short pause, and a staged change undone elsewhere (the list of changes) resets the draft.
 */
export function useElementDraft(selection: PreviewSelection): ElementDraftControls {
  const session = usePreviewSession();
  const key = selectionKey(selection);
  const staged = usePreviewState(
    (state) => state.pendingEdits.find((edit) => selectionKey(edit.selection) === key) ?? null,
  );
  // The preview shows staged changes live, so a second click on the element reports them as its
  // values: the element as first selected (kept with its staged change) stays the original.
  const [original] = useState(() => staged?.selection ?? selection);
  const [draft, setDraft] = useState(() => draftOf(original, staged));
  const lastStaged = useRef<PendingEdit | null>(staged);
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; draft: ElementDraft } | null>(
    null,
  );

  const stage = useCallback(
    (next: ElementDraft) => {
      // Saved, discarded, deleted or out of edit mode meanwhile: the change is no longer wanted.
      const state = session.getState();
      if (!state.editMode || state.selection === null) return;
      const edit = editOf(original, next);
      lastStaged.current = edit;
      if (edit) session.stageEdit(edit);
      else if (state.pendingEdits.some((item) => selectionKey(item.selection) === key))
        session.unstageEdit(original);
    },
    [session, original, key],
  );

  const cancel = useCallback(() => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  }, []);

  const flush = useCallback(() => {
    const pending = waiting.current;
    cancel();
    if (pending) stage(pending.draft);
  }, [cancel, stage]);

  const change = useCallback(
    (next: ElementDraft) => {
      setDraft(next);
      cancel();
      waiting.current = { draft: next, timer: setTimeout(() => flush(), STAGE_DELAY_MS) };
    },
    [cancel, flush],
  );

  // Another element selected: what was typed last still counts.
  useEffect(() => flush, [flush]);

  useEffect(() => {
    if (staged === lastStaged.current) return;
    lastStaged.current = staged;
    cancel();
    setDraft(draftOf(original, staged));
  }, [staged, original, cancel]);

  return { original, draft, change, flush, cancel };
}
