import { useCallback, useRef, useState } from 'react';
import {
  MESSAGE_MAX_IMAGES,
  MESSAGE_MAX_STATIC_FILES,
  STATIC_FILE_MAX_BYTES,
  type FileAttachmentMode,
  type ImageAttachment,
} from '@mason/contract';
import { isApiError, useUploadStaticFilesMutation } from '@mason/api-client';
import { resizeImageFile } from '@mason/ui-kit';

/** A file picked for the next message: an image sent inline, or a file uploaded first. */
export interface Attachment {
  readonly id: string;
  readonly mode: FileAttachmentMode;
  readonly name: string;
  readonly status: 'preparing' | 'ready' | 'failed';
  /** IMAGE: the resized image (base64) and a preview of it. */
  readonly image?: ImageAttachment;
  readonly previewUrl?: string;
  /** IMAGE: what preparing it changed beyond its size (an animated GIF sent as a still). */
  readonly note?: string;
  /** UPLOAD: the uploaded file's id (goes into staticFiles). */
  readonly staticFileId?: string;
  readonly error?: string;
}

const MAX_MB = Math.round(STATIC_FILE_MAX_BYTES / (1024 * 1024));
let nextId = 0;
const newId = () => `attachment-${(nextId += 1)}`;

/**
 * The attachments of the message being written (SPEC.md 4: UPLOAD, or images as base64).
 * Images are resized in the browser (no side over 1568 px, same type and aspect ratio); other
 * files are uploaded at once (POST /projects/:id/static-files) so a send only carries their ids.
 */
export function useAttachments(projectId: string | undefined) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [upload] = useUploadStaticFilesMutation();
  const live = useRef(new Set<string>());

  const update = (id: string, patch: Partial<Attachment>) => {
    if (!live.current.has(id)) return; // removed meanwhile
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  };

  const add = (item: Attachment) => {
    live.current.add(item.id);
    setItems((current) => [...current, item]);
  };

  const count = (mode: FileAttachmentMode) =>
    items.filter((item) => item.mode === mode && item.status !== 'failed').length;

  const addImages = (files: readonly File[]) => {
    let room = MESSAGE_MAX_IMAGES - count('IMAGE');
    for (const file of files) {
      const id = newId();
      if (room <= 0) {
        add({
          id,
          mode: 'IMAGE',
          name: file.name,
          status: 'failed',
          error: `A message carries at most ${MESSAGE_MAX_IMAGES} images.`,
        });
        continue;
      }
      room -= 1;
      add({ id, mode: 'IMAGE', name: file.name, status: 'preparing' });
      resizeImageFile(file).then(
        ({ image, note }) =>
          update(id, {
            status: 'ready',
            image,
            previewUrl: `data:${image.mediaType};base64,${image.content}`,
            ...(note ? { note } : {}),
          }),
        (error: unknown) =>
          update(id, {
            status: 'failed',
            error:
              error instanceof Error
                ? error.message
                : `${file.name} could not be read as an image.`,
          }),
      );
    }
  };

  const addFiles = (files: readonly File[]) => {
    let room = MESSAGE_MAX_STATIC_FILES - count('UPLOAD');
    const accepted: { id: string; file: File }[] = [];
    for (const file of files) {
      const id = newId();
      if (room <= 0) {
        add({
          id,
          mode: 'UPLOAD',
          name: file.name,
          status: 'failed',
          error: `A message carries at most ${MESSAGE_MAX_STATIC_FILES} files.`,
        });
      } else if (file.size > STATIC_FILE_MAX_BYTES) {
        add({
          id,
          mode: 'UPLOAD',
          name: file.name,
          status: 'failed',
          error: `${file.name} is larger than ${MAX_MB} MB.`,
        });
      } else {
        room -= 1;
        add({ id, mode: 'UPLOAD', name: file.name, status: 'preparing' });
        accepted.push({ id, file });
      }
    }
    if (accepted.length === 0) return;
    if (!projectId) {
      for (const { id } of accepted)
        update(id, {
          status: 'failed',
          error: 'Files can be attached once the project has loaded.',
        });
      return;
    }
    upload({ projectId, files: accepted.map(({ file }) => ({ blob: file, fileName: file.name })) })
      .unwrap()
      .then(
        ({ files: uploaded }) =>
          accepted.forEach(({ id }, index) => {
            const stored = uploaded[index];
            update(
              id,
              stored
                ? { status: 'ready', staticFileId: stored.id }
                : { status: 'failed', error: 'The upload did not keep this file.' },
            );
          }),
        (error: unknown) => {
          const message = isApiError(error) ? error.message : 'The upload failed.';
          for (const { id } of accepted) update(id, { status: 'failed', error: message });
        },
      );
  };

  const remove = useCallback((id: string) => {
    live.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const clear = useCallback(() => {
    live.current.clear();
    setItems([]);
  }, []);

  const ready = items.filter((item) => item.status === 'ready');
  return {
    items,
    addImages,
    addFiles,
    remove,
    clear,
    /** Still resizing or uploading: the message waits. */
    preparing: items.some((item) => item.status === 'preparing'),
    images: ready.flatMap((item) => (item.image ? [item.image] : [])),
    staticFiles: ready.flatMap((item) => (item.staticFileId ? [item.staticFileId] : [])),
  };
}
