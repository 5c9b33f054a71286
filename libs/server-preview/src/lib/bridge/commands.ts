import type { ParentMessage, PreviewEditPreview } from '@mason/contract/preview';
import { isPosition, isRecord } from './values';

/** A message without its channel: the bridge adds the channel when it posts. */
export type WithoutChannel<Message> = Message extends unknown ? Omit<Message, 'channel'> : never;

/** A command of Mason's window, its channel checked and dropped. */
export type ParentCommand = WithoutChannel<ParentMessage>;

function isOptional(value: unknown, type: 'string' | 'boolean'): boolean {
  return value === undefined || typeof value === type;
}

function readEdit(value: unknown): PreviewEditPreview | null {
  if (!isRecord(value) || typeof value.filePath !== 'string') return null;
  if (!isPosition(value.line) || !isPosition(value.column)) return null;
  if (!isOptional(value.className, 'string') || !isOptional(value.textContent, 'string'))
    return null;
  if (!isOptional(value.src, 'string')) return null;
  if (!isOptional(value.hidden, 'boolean')) return null;
  const style = value.style;
  if (
    style !== undefined &&
    !(isRecord(style) && Object.values(style).every((item) => typeof item === 'string'))
  ) {
    return null;
  }
  return {
    filePath: value.filePath,
    line: value.line,
    column: value.column,
    className: value.className as string | undefined,
    textContent: value.textContent as string | undefined,
    src: value.src as string | undefined,
    style: style as Record<string, string> | undefined,
    hidden: value.hidden as boolean | undefined,
  };
}

/**
 * Mason's command in `data`, or null for anything else: another channel, an unknown type or a
 * malformed body. Checked by hand: the bridge carries no schema library.
 */
export function readCommand(data: unknown, channel: string): ParentCommand | null {
  if (!isRecord(data) || data.channel !== channel) return null;
  switch (data.type) {
    case 'navigate':
      return typeof data.url === 'string' ? { type: 'navigate', url: data.url } : null;
    case 'back':
    case 'forward':
    case 'reload':
      return { type: data.type };
    case 'capture-thumbnail':
      return typeof data.versionId === 'string' && data.versionId.length <= 64
        ? { type: 'capture-thumbnail', versionId: data.versionId }
        : null;
    case 'layout-mode':
      return typeof data.enabled === 'boolean'
        ? { type: 'layout-mode', enabled: data.enabled }
        : null;
    case 'preview-edits': {
      if (!Array.isArray(data.edits)) return null;
      const edits = data.edits.map(readEdit);
      return edits.every((edit) => edit !== null)
        ? { type: 'preview-edits', edits: edits as PreviewEditPreview[] }
        : null;
    }
    default:
      return null;
  }
}
