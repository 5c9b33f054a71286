import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { MESSAGE_MAX_IMAGES, type ImageAttachment } from '@mason/contract';
import {
  CloseIcon,
  IMAGE_MEDIA_TYPES,
  ImageIcon,
  ImageResizeError,
  Spinner,
  VisuallyHidden,
  focusRingStyles,
  interactiveTransition,
  visuallyHiddenStyles,
  type PreparedImage,
} from '@mason/ui-kit';

/** Turns a picked file into what POST /projects carries (resized base64), with a note on what changed. */
export type PrepareImage = (file: File) => Promise<PreparedImage>;

interface AttachedImage {
  key: number;
  name: string;
  attachment: ImageAttachment | null;
  /** What preparing it changed beyond its size (an animated GIF sent as a still), or null. */
  note: string | null;
}

export interface ImageAttachmentsState {
  images: readonly AttachedImage[];
  /** Messages about files that were not attached (wrong type, unreadable, over the limit). */
  problems: readonly string[];
  /** True while a picked image is still being resized. */
  preparing: boolean;
  /** The attachments ready to send, in the order they were picked. */
  ready: ImageAttachment[];
  add: (files: readonly File[]) => void;
  remove: (key: number) => void;
  /** Shows a problem the server found (e.g. an image it refused). */
  report: (message: string) => void;
}

/** The images attached to a form: each is resized as soon as it is picked; at most MESSAGE_MAX_IMAGES. */
export function useImageAttachments(prepare: PrepareImage): ImageAttachmentsState {
  const [images, setImages] = useState<AttachedImage[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(1);
  const count = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const found: string[] = [];
      const room = MESSAGE_MAX_IMAGES - count.current;
      const accepted = files.slice(0, Math.max(0, room));
      if (files.length > accepted.length) {
        const left = files.length - accepted.length;
        found.push(
          `At most ${MESSAGE_MAX_IMAGES} images can be attached: ${left === 1 ? '1 image was' : `${left} images were`} left out.`,
        );
      }
      count.current += accepted.length;
      const added = accepted.map((file) => ({
        key: nextKey.current++,
        name: file.name || 'Pasted image',
        attachment: null,
        note: null,
        file,
      }));
      setImages((current) => [...current, ...added.map(({ file: _file, ...image }) => image)]);
      setProblems(found);
      for (const { key, name, file } of added) {
        prepare(file).then(
          ({ image: attachment, note }) => {
            if (!mounted.current) return;
            setImages((current) =>
              current.map((image) => (image.key === key ? { ...image, attachment, note } : image)),
            );
          },
          (error: unknown) => {
            if (!mounted.current) return;
            setImages((current) => {
              const next = current.filter((image) => image.key !== key);
              count.current = next.length;
              return next;
            });
            setProblems((current) => [
              ...current,
              error instanceof ImageResizeError
                ? error.message
                : `${name} could not be read as an image.`,
            ]);
          },
        );
      }
    },
    [prepare],
  );

  const remove = useCallback((key: number) => {
    setImages((current) => {
      const next = current.filter((image) => image.key !== key);
      count.current = next.length;
      return next;
    });
    setProblems([]);
  }, []);

  const report = useCallback((message: string) => setProblems([message]), []);

  return {
    images,
    problems,
    preparing: images.some(({ attachment }) => attachment === null),
    ready: images.flatMap(({ attachment }) => (attachment ? [attachment] : [])),
    add,
    remove,
    report,
  };
}

const StyledGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledGroupLabel = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledOptional = styled.span`
  margin-left: ${({ theme }) => theme.space[1.5]};
  font-weight: ${({ theme }) => theme.typography.fontWeights.regular};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledFileInput = styled.input`
  ${visuallyHiddenStyles}
`;

const StyledPickButton = styled.label<{ $disabled: boolean }>`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  height: 32px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.input};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.5 : 1)};
  ${interactiveTransition}

  &:hover {
    background-color: ${({ theme, $disabled }) => ($disabled ? 'transparent' : theme.colors.accent)};
  }

  input:focus-visible + & {
    outline: none;
    border-color: ${({ theme }) => theme.colors.ring};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledPreviews = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledPreview = styled.li`
  position: relative;
  width: 88px;
  height: 88px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.muted};
  overflow: hidden;
  display: flex;
  align-items: center;
  justify-content: center;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const StyledRemove = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[1]};
  right: ${({ theme }) => theme.space[1]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.foreground};
  cursor: pointer;
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    background: ${({ theme }) => theme.colors.accent};
  }
`;

const StyledNotes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledProblems = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  color: ${({ theme }) => theme.colors.destructiveText};
`;

export interface ImageAttachmentsProps {
  state: ImageAttachmentsState;
  disabled?: boolean;
}

/** "Attach images": a file picker, previews with remove buttons, and what went wrong. */
export function ImageAttachments({ state, disabled = false }: ImageAttachmentsProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemsId = `${inputId}-problems`;
  const { images, problems, add, remove } = state;
  const full = images.length >= MESSAGE_MAX_IMAGES;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []));
    // The same file can be picked again after it was removed.
    event.target.value = '';
  };

  const readyCount = state.ready.length;
  return (
    <StyledGroup role="group" aria-labelledby={`${inputId}-label`}>
      <StyledGroupLabel id={`${inputId}-label`}>
        Images<StyledOptional>Optional</StyledOptional>
      </StyledGroupLabel>
      <StyledFileInput
        id={inputId}
        type="file"
        accept={IMAGE_MEDIA_TYPES.join(',')}
        multiple
        disabled={disabled || full}
        aria-describedby={[hintId, problems.length ? problemsId : ''].filter(Boolean).join(' ')}
        onChange={onPick}
      />
      <StyledPickButton htmlFor={inputId} $disabled={disabled || full}>
        <ImageIcon />
        Attach images
      </StyledPickButton>
      <StyledHint id={hintId}>
        Screenshots or sketches help Mason match a look. PNG, JPEG, GIF or WebP, up to{' '}
        {MESSAGE_MAX_IMAGES}; large images are scaled down. You can also paste them into the
        description.
      </StyledHint>
      {images.length > 0 ? (
        <StyledPreviews aria-label="Attached images">
          {images.map((image) => (
            <StyledPreview key={image.key}>
              {image.attachment ? (
                <img
                  src={`data:${image.attachment.mediaType};base64,${image.attachment.content}`}
                  alt={image.name}
                />
              ) : (
                <Spinner label={`Preparing ${image.name}`} />
              )}
              <StyledRemove
                type="button"
                aria-label={`Remove ${image.name}`}
                disabled={disabled}
                onClick={() => remove(image.key)}
              >
                <CloseIcon size={14} />
              </StyledRemove>
            </StyledPreview>
          ))}
        </StyledPreviews>
      ) : null}
      {images.some(({ note }) => note) ? (
        <StyledNotes aria-label="About the attached images">
          {images.flatMap(({ key, name, note }) =>
            note ? [<li key={key}>{`${name}: ${note}`}</li>] : [],
          )}
        </StyledNotes>
      ) : null}
      {problems.length > 0 ? (
        <StyledProblems id={problemsId} role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </StyledProblems>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {readyCount === 0
          ? ''
          : readyCount === 1
            ? '1 image attached'
            : `${readyCount} images attached`}
      </VisuallyHidden>
    </StyledGroup>
  );
}
