import {
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import styled from 'styled-components';
import type { SendTaskMessageResponse } from '@mason/contract';
import { useSendTaskMessageMutation } from '@mason/api-client';
import {
  elementLabel,
  selectionKey,
  usePreviewSessionOrNull,
  usePreviewState,
} from '@mason/preview-state';
import {
  AlertTriangleIcon,
  ArrowUpIcon,
  Button,
  CloseIcon,
  IMAGE_MEDIA_TYPES,
  Menu,
  ModelPicker,
  MoreDetails,
  PaperclipIcon,
  PointerIcon,
  VisuallyHidden,
  focusRingStyles,
} from '@mason/ui-kit';
import { SETUP_DETAILS_LABEL, useModelChoice } from '../model-choice/use-model-choice';
import {
  AttachmentPreview,
  StyledPreview,
  StyledPreviews,
  StyledPreviewText,
} from './attachment-preview';
import { useAttachments } from './use-attachments';

export interface ComposerProps {
  taskId: string;
  /** The task's project (files are uploaded to it). */
  projectId: string | undefined;
  /** Why no message can be sent now (read out and shown on the send button), or null. */
  blockedReason: string | null;
  /** After a successful send: the stored message and the task as it is now. */
  onSent?: (response: SendTaskMessageResponse) => void;
}

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.input};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};

  &:focus-within {
    border-color: ${({ theme }) => theme.colors.ring};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledTextarea = styled.textarea`
  width: 100%;
  min-height: 56px;
  max-height: 240px;
  padding: 0;
  border: 0;
  resize: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.foreground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  field-sizing: content;

  &:focus {
    outline: none;
  }
  &::placeholder {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

const StyledFooter = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledSpacer = styled.div`
  flex: 1;
`;

const StyledHint = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  color: ${({ theme }) => theme.colors.warningText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  svg {
    flex-shrink: 0;
    margin-top: 1px;
  }
`;

const StyledHiddenInput = styled.input`
  display: none;
`;

const StyledSend = styled(Button)`
  ${focusRingStyles}
`;

/** Focuses the message box with the caret after its text (a draft to finish). */
function focusAtEnd(box: HTMLTextAreaElement | null) {
  if (!box) return;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
}

/** The page the preview shows, as the message's currentPage; nothing outside a workspace. */
const pageOf = (currentPage: string | null) => (currentPage === null ? {} : { currentPage });

/**
 * The message box of a task: Enter sends, Shift+Enter adds a line. A message is not sent when
 * it is empty after trimming, or while a send, a pause, a turn of the assistant or an answer to
 * a request is in progress (SPEC.md 4); the reason is said on the send button. Images are sent
 * inline (resized), other files are uploaded first; the model choice is stored.
 */
export function Composer({ taskId, projectId, blockedReason, onSent }: ComposerProps) {
  const [text, setText] = useState('');
  const [send, sending] = useSendTaskMessageMutation();
  const attachments = useAttachments(projectId);
  // In a project workspace: elements picked in the preview go with the message (SPEC.md 3).
  const session = usePreviewSessionOrNull();
  const picked = usePreviewState((state) => state.attachedComponents);
  const layoutMode = usePreviewState((state) => state.layoutMode);
  const chatRequest = usePreviewState((state) => state.chatRequests[0]);
  // SPEC.md 3: every message says which page the preview shows (currentPage).
  const currentPage = usePreviewState((state) => state.currentPage);
  const { model, modelToSend, choose, models, notice } = useModelChoice();
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  // A draft was put in the box: once it shows, the caret goes after it.
  const draftToFinish = useRef(false);
  useEffect(() => {
    if (!draftToFinish.current) return;
    draftToFinish.current = false;
    focusAtEnd(messageRef.current);
  }, [text]);
  const reasonId = useId();

  const reason =
    blockedReason ??
    (sending.isLoading
      ? 'Sending…'
      : attachments.preparing
        ? 'Wait for the attachments to finish.'
        : null);
  const empty = text.trim() === '';
  const canSend = reason === null && !empty;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    try {
      const response = await send({
        taskId,
        content: text.trim(),
        model: await modelToSend(),
        ...pageOf(currentPage),
        ...(attachments.images.length > 0 ? { images: attachments.images } : {}),
        ...(attachments.staticFiles.length > 0 ? { staticFiles: attachments.staticFiles } : {}),
        ...(picked.length > 0
          ? {
              selectedComponents: picked.map((item) => ({
                componentName: item.componentName,
                filePath: item.filePath,
                filePart: item.filePart,
                page: item.page,
                line: item.line,
                column: item.column,
              })),
            }
          : {}),
      }).unwrap();
      setText('');
      attachments.clear();
      // SPEC.md 4: sending a message turns layout mode off and resets visual edits.
      session?.messageSent();
      onSent?.(response);
    } catch {
      // 'Error sending message' is toasted by the api listener; the text stays for another try.
    }
  };

  // A message the preview asks for ("fix with AI"): sent at once when the chat can send, else
  // put in the box for the person to send when it can. A draft goes in the box, for the person
  // to finish (the edit panel's prepared request).
  useEffect(() => {
    if (!chatRequest || !session) return;
    session.completeChatRequest(chatRequest.id);
    if (chatRequest.draft || blockedReason || sending.isLoading) {
      setText(chatRequest.content);
      draftToFinish.current = Boolean(chatRequest.draft);
      return;
    }
    void send({ taskId, content: chatRequest.content, model, ...pageOf(currentPage) })
      .unwrap()
      .then((response) => onSent?.(response))
      .catch(() => setText(chatRequest.content));
  }, [
    chatRequest,
    session,
    blockedReason,
    sending.isLoading,
    send,
    taskId,
    model,
    currentPage,
    onSent,
  ]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...event.clipboardData.files].filter((file) =>
      (IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type),
    );
    if (images.length === 0) return;
    event.preventDefault();
    attachments.addImages(images);
  };

  return (
    <StyledForm aria-label="Message the assistant" onSubmit={(event) => void submit(event)}>
      {picked.length > 0 && (
        <StyledPreviews aria-label="Selected elements">
          {picked.map((item) => (
            <StyledPreview key={selectionKey(item)} $failed={false}>
              <PointerIcon size={14} />
              <StyledPreviewText>
                <span title={item.filePart}>{elementLabel(item)}</span>
              </StyledPreviewText>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${elementLabel(item)}`}
                onClick={() => session?.detachComponent(item)}
              >
                <CloseIcon size={12} />
              </Button>
            </StyledPreview>
          ))}
        </StyledPreviews>
      )}
      {attachments.items.length > 0 && (
        <StyledPreviews aria-label="Attachments">
          {attachments.items.map((item) => (
            <AttachmentPreview key={item.id} item={item} onRemove={attachments.remove} />
          ))}
        </StyledPreviews>
      )}
      <VisuallyHidden>
        <label htmlFor={textareaId}>Message</label>
      </VisuallyHidden>
      <StyledTextarea
        ref={messageRef}
        id={textareaId}
        value={text}
        rows={2}
        placeholder="Ask for a change, or describe what to build next…"
        aria-describedby={reason ? reasonId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <StyledHiddenInput
        ref={imageInput}
        type="file"
        accept={IMAGE_MEDIA_TYPES.join(',')}
        multiple
        aria-label="Attach images"
        tabIndex={-1}
        onChange={(event) => {
          attachments.addImages([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <StyledHiddenInput
        ref={fileInput}
        type="file"
        multiple
        aria-label="Upload files"
        tabIndex={-1}
        onChange={(event) => {
          attachments.addFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <StyledFooter>
        <Menu
          trigger={<PaperclipIcon size={16} />}
          triggerLabel="Attach"
          triggerVariant="ghost"
          triggerSize="icon-sm"
          items={[
            { id: 'images', label: 'Images', onSelect: () => imageInput.current?.click() },
            { id: 'files', label: 'Files', onSelect: () => fileInput.current?.click() },
          ]}
        />
        {session && (
          <Button
            type="button"
            variant={layoutMode ? 'secondary' : 'ghost'}
            size="icon-sm"
            aria-label="Select elements in the preview"
            aria-pressed={layoutMode}
            title={
              layoutMode
                ? 'Click elements in the preview to attach them; click here to stop'
                : 'Select elements in the preview to talk about them'
            }
            onClick={() => session.setLayoutMode(!layoutMode)}
          >
            <PointerIcon size={16} />
          </Button>
        )}
        <ModelPicker value={model} onChange={choose} models={models?.models} />
        <StyledSpacer />
        {reason && <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>}
        <StyledSend
          type="submit"
          size="icon"
          aria-label="Send"
          title={reason ?? (empty ? 'Type a message' : 'Send (Enter)')}
          disabled={!canSend}
          loading={sending.isLoading}
        >
          <ArrowUpIcon size={16} />
        </StyledSend>
      </StyledFooter>
      {notice && (
        <StyledHint role="note">
          <AlertTriangleIcon size={14} />
          {/* Two lines at most on a phone: the server's long setup hint is one press away. */}
          <span>
            {notice.text}
            {notice.details ? (
              <>
                {' '}
                <MoreDetails label={SETUP_DETAILS_LABEL}>{notice.details}</MoreDetails>
              </>
            ) : null}
          </span>
        </StyledHint>
      )}
    </StyledForm>
  );
}
