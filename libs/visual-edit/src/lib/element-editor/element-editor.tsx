import { useImperativeHandle, useState, type Ref } from 'react';
import styled from 'styled-components';
import type { PreviewSelection } from '@mason/contract/preview';
import { usePreviewSession } from '@mason/preview-state';
import { Badge, Button, FormField, Heading, Input, Text, Textarea, TrashIcon } from '@mason/ui-kit';
import { DeleteElementDialog } from '../delete-element-dialog/delete-element-dialog';
import { DesignControls } from '../design-controls/design-controls';
import { elementLabel, sourceLocation } from '../describe-edit/describe-edit';
import { sourceProblem } from '../edit-draft/edit-draft';
import { StyleRowsEditor } from '../style-rows-editor/style-rows-editor';
import { useElementDraft } from './use-element-draft';

/** What the panel may ask of the editor. */
export interface ElementEditorHandle {
  /** Stages a change still waiting for its short delay (before saving or discarding). */
  readonly flush: () => void;
}

export interface ElementEditorProps {
  readonly selection: PreviewSelection;
  /** The app's CSS is made by Tailwind: the design controls write its classes. */
  readonly tailwind?: boolean;
  /** Saving: nothing can change until the answer. */
  readonly disabled?: boolean;
  /** The element was deleted (its DELETE is staged and the selection cleared). */
  readonly onDeleted?: () => void;
  readonly ref?: Ref<ElementEditorHandle>;
}

/** Why the words of an element that holds other elements cannot be changed here. */
export const TEXT_UNAVAILABLE_REASON =
  'This element holds other elements. Select one of them to change its words.';

/** Why text that comes from code cannot be changed here (before Save, not after it fails). */
export const textFromCodeReason = (code: string) =>
  `This text comes from code (${code}), so it cannot be changed here.`;

/** The request the panel prepares for the chat: the person writes the new words after it. */
export function askToChangeText(selection: PreviewSelection, code: string): string {
  const shown = selection.textContent ? ` "${selection.textContent}"` : '';
  return `Change the text${shown} of ${elementLabel(selection)} (${sourceLocation(selection)}, it comes from ${code} in the code) to: `;
}

const StyledEditor = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const StyledTitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledTitle = styled(Heading)`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  overflow-wrap: anywhere;
`;

const StyledSource = styled.code`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
  overflow-wrap: anywhere;
`;

const StyledFields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const StyledCodeTextarea = styled(Textarea)`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  resize: vertical;
`;

const StyledTextarea = styled(Textarea)`
  resize: vertical;

  &[readonly] {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

const StyledDeleteButton = styled(Button)`
  align-self: flex-start;
`;

/**
 * Edits the selected element: its class, its words (when it holds only text), its design
 * (DesignControls) and its inline style. Every change shows in the preview after a short pause; deleting asks first.
 */
export function ElementEditor({
  selection,
  tailwind = false,
  disabled = false,
  onDeleted,
  ref,
}: ElementEditorProps) {
  const session = usePreviewSession();
  const { original, draft, change, flush, cancel } = useElementDraft(selection);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  useImperativeHandle(ref, () => ({ flush }), [flush]);
  const textFromCode = original.textFromCode;

  const remove = () => {
    cancel();
    setConfirmingDelete(false);
    session.stageEdit({ selection: original, command: 'DELETE' });
    session.clearSelection();
    onDeleted?.();
  };

  return (
    <StyledEditor>
      <StyledHeader>
        <StyledTitleRow>
          <StyledTitle level={3} size="md">
            {elementLabel(original)}
          </StyledTitle>
          {original.instances > 1 ? (
            <Badge variant="info">appears {original.instances} times</Badge>
          ) : null}
        </StyledTitleRow>
        <StyledSource>{sourceLocation(original)}</StyledSource>
        {original.instances > 1 ? (
          <Text size="xs" tone="muted">
            A list makes these copies from one place in the code, so a change applies to all{' '}
            {original.instances} of them.
          </Text>
        ) : null}
      </StyledHeader>

      <StyledFields disabled={disabled}>
        <FormField label="Class">
          <StyledCodeTextarea
            rows={3}
            spellCheck={false}
            value={draft.className}
            onChange={(event) => change({ ...draft, className: event.target.value })}
          />
        </FormField>
        <FormField
          label="Text"
          hint={
            draft.textContent === null ? (
              TEXT_UNAVAILABLE_REASON
            ) : textFromCode ? (
              <>
                {textFromCodeReason(textFromCode)}{' '}
                <Button
                  variant="link"
                  size="sm"
                  onClick={() =>
                    session.requestChatMessage(askToChangeText(original, textFromCode), {
                      draft: true,
                    })
                  }
                >
                  Ask the assistant to change it
                </Button>
              </>
            ) : undefined
          }
        >
          <StyledTextarea
            rows={3}
            disabled={draft.textContent === null}
            // Text from code shows as it is, not editable: the reason is read with the field.
            readOnly={textFromCode !== undefined}
            value={draft.textContent ?? ''}
            onChange={(event) => change({ ...draft, textContent: event.target.value })}
          />
        </FormField>
        {draft.src !== null ? (
          <FormField
            label="Image source"
            hint="A web address, or a path in the app such as /assets/photo.png (Assets lists them)."
            error={sourceProblem(draft)}
          >
            <Input
              spellCheck={false}
              value={draft.src}
              onChange={(event) => change({ ...draft, src: event.target.value })}
            />
          </FormField>
        ) : null}
        <DesignControls draft={draft} tailwind={tailwind} onChange={change} />
        <StyleRowsEditor
          rows={draft.styleRows}
          onChange={(styleRows) => change({ ...draft, styleRows })}
        />
        <StyledDeleteButton
          variant="outline"
          size="sm"
          leadingIcon={<TrashIcon size={14} />}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete element
        </StyledDeleteButton>
      </StyledFields>

      <DeleteElementDialog
        element={confirmingDelete ? original : null}
        onCancel={() => setConfirmingDelete(false)}
        onDelete={remove}
      />
    </StyledEditor>
  );
}
