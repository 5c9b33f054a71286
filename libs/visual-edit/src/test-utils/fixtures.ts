import { PreviewSelectionSchema, type PreviewSelection } from '@mason/contract/preview';
import { PreviewSession, type PendingEdit } from '@mason/preview-state';

/** What the 409 of POST /projects/:id/visual-edits says when a newer version exists (as the API words it). */
export const PROJECT_CHANGED_MESSAGE =
  'The app changed since you started editing (it is now version 3). Your edits were not saved: reload the preview and make them again.';

/** An element picked in the preview: by default a heading that holds only text. */
export function aSelection(overrides: Partial<PreviewSelection> = {}): PreviewSelection {
  const line = overrides.line ?? 12;
  const column = overrides.column ?? 7;
  const filePath = overrides.filePath ?? 'src/components/Hero.tsx';
  return PreviewSelectionSchema.parse({
    componentName: 'Hero',
    filePath,
    line,
    column,
    filePart: `${filePath}:${line}:${column}`,
    page: '/',
    tagName: 'h1',
    className: 'text-4xl font-bold',
    textContent: 'Plan your week',
    style: { color: 'rebeccapurple' },
    instances: 1,
    ...overrides,
  });
}

/** A card that holds other elements: its words cannot be changed. */
export const aContainerSelection = (overrides: Partial<PreviewSelection> = {}) =>
  aSelection({
    componentName: 'TaskCard',
    filePath: 'src/components/TaskCard.tsx',
    line: 8,
    column: 5,
    tagName: 'div',
    className: 'rounded-lg border p-4',
    textContent: null,
    style: {},
    ...overrides,
  });

/** One item of a list rendered three times by a .map. */
export const aListItemSelection = (overrides: Partial<PreviewSelection> = {}) =>
  aSelection({
    componentName: 'TaskList',
    filePath: 'src/components/TaskList.tsx',
    line: 21,
    column: 11,
    tagName: 'li',
    className: 'py-2',
    textContent: 'Buy milk',
    style: {},
    instances: 3,
    ...overrides,
  });

export interface EditSessionOptions {
  /** Default: edit mode on. Off, the other options but shownVersion do not apply. */
  readonly editMode?: boolean;
  readonly selection?: PreviewSelection | null;
  readonly pendingEdits?: readonly PendingEdit[];
  /** Default: version 1 ('version-1'); null while the preview has not loaded. */
  readonly shownVersion?: { readonly versionId: string; readonly index: number } | null;
}

/** A workspace's preview session in the given state, reached the way the workspace gets there. */
export function anEditSession({
  editMode = true,
  selection = null,
  pendingEdits = [],
  shownVersion = { versionId: 'version-1', index: 1 },
}: EditSessionOptions = {}): PreviewSession {
  const session = new PreviewSession();
  session.setShownVersion(shownVersion);
  if (!editMode) return session;
  session.enterEditMode();
  for (const edit of pendingEdits) session.stageEdit(edit);
  if (selection) session.select(selection);
  return session;
}
