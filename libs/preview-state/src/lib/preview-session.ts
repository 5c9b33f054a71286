import type { VisualEditCommand } from '@mason/contract';
import type {
  BuildDiagnostic,
  ConsoleLevel,
  PreviewEditPreview,
  PreviewSelection,
} from '@mason/contract/preview';

/** One line of the console/errors panel. */
export interface ConsoleEntry {
  readonly id: number;
  /** 'uncaught' for an uncaught error or an unhandled rejection, 'build' for a build error. */
  readonly level: ConsoleLevel | 'uncaught' | 'build';
  readonly text: string;
  /** Where it was raised, when known (a stack or 'src/App.tsx:4:9'). */
  readonly detail: string | null;
  /** Epoch milliseconds. */
  readonly at: number;
}

/** A visual edit staged in the panel, not saved yet (it shows in the preview already). */
export interface PendingEdit {
  readonly selection: PreviewSelection;
  readonly command: VisualEditCommand;
  readonly className?: string;
  readonly textContent?: string;
  readonly style?: Readonly<Record<string, string>>;
  /** An image's new source. */
  readonly src?: string;
}

/**
 * A message the preview asks the chat to send for the person ("fix with AI"), or, as a draft, to
 * put in the message box for the person to finish and send (a request the edit panel prepares).
 */
export interface ChatRequest {
  readonly id: number;
  readonly content: string;
  readonly draft?: boolean;
}

export interface PreviewSessionState {
  /** Picking elements to attach to the next chat message (SPEC.md 4 "layout mode"). */
  readonly layoutMode: boolean;
  /** The visual edit panel is open and picking elements selects them for editing. */
  readonly editMode: boolean;
  /** The element being edited (edit mode). */
  readonly selection: PreviewSelection | null;
  /** Staged visual edits, one per element (the newest change of an element replaces the older). */
  readonly pendingEdits: readonly PendingEdit[];
  /** Elements attached to the next chat message as selectedComponents. */
  readonly attachedComponents: readonly PreviewSelection[];
  /** The preview's console and errors, oldest first, at most CONSOLE_LIMIT. */
  readonly console: readonly ConsoleEntry[];
  /** Messages waiting for the chat to send them. */
  readonly chatRequests: readonly ChatRequest[];
  /**
   * The page the preview shows (path, search and hash, as its address field reads it), or null
   * before the app reports one. Every chat message carries it as currentPage (SPEC.md 3).
   */
  readonly currentPage: string | null;
  /** The version the preview shows, once known. */
  readonly shownVersion: { readonly versionId: string; readonly index: number } | null;
  /**
   * An older version the person chose to look at (from the history); null: the newest, which the
   * preview follows as new versions land. SPEC.md 2: switching clears the preview's URL history.
   */
  readonly viewedVersion: ViewedVersion | null;
}

/** A version opened in the preview: its index and its preview URL (with its access token). */
export interface ViewedVersion {
  readonly versionId: string;
  readonly index: number;
  readonly previewUrl: string;
}

/** The console keeps the newest entries only. */
export const CONSOLE_LIMIT = 500;

const initialState: PreviewSessionState = {
  layoutMode: false,
  editMode: false,
  selection: null,
  pendingEdits: [],
  attachedComponents: [],
  console: [],
  chatRequests: [],
  currentPage: null,
  shownVersion: null,
  viewedVersion: null,
};

/** The source location that identifies an element of the preview build. */
export function selectionKey(selection: Pick<PreviewSelection, 'filePath' | 'line' | 'column'>) {
  return `${selection.filePath}:${selection.line}:${selection.column}`;
}

/** What the bridge shows in the preview for the staged edits. */
export function previewEditsOf(edits: readonly PendingEdit[]): PreviewEditPreview[] {
  return edits.map((edit) => ({
    filePath: edit.selection.filePath,
    line: edit.selection.line,
    column: edit.selection.column,
    ...(edit.command === 'DELETE'
      ? { hidden: true }
      : {
          ...(edit.className !== undefined && { className: edit.className }),
          ...(edit.textContent !== undefined && { textContent: edit.textContent }),
          ...(edit.style !== undefined && { style: edit.style }),
          ...(edit.src !== undefined && { src: edit.src }),
        }),
  }));
}

type Listener = () => void;

/**
 * The state one project workspace shares between the chat, the preview and visual edit. A small
 * external store (read it with usePreviewSession): the three features only meet here, so none
 * depends on another.
 */
export class PreviewSession {
  private state: PreviewSessionState = initialState;
  private readonly listeners = new Set<Listener>();
  private nextId = 1;
  /** Notices already logged (Mason's own notes about the preview). */
  private readonly notices = new Set<string>();

  readonly getState = (): PreviewSessionState => this.state;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<PreviewSessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Layout mode on or off; it leaves edit mode, whose staged edits are kept for later. */
  setLayoutMode(enabled: boolean): void {
    this.update({ layoutMode: enabled, editMode: enabled ? false : this.state.editMode });
  }

  /** SPEC.md 4: entering edit mode turns layout mode off and resets visual edits. */
  enterEditMode(): void {
    this.update({ editMode: true, layoutMode: false, selection: null, pendingEdits: [] });
  }

  /** Leaves edit mode and drops the staged edits (the panel asks first when there are some). */
  exitEditMode(): void {
    this.update({ editMode: false, selection: null, pendingEdits: [] });
  }

  /** An element picked in the preview: edited in edit mode, attached (or detached) in layout mode. */
  select(selection: PreviewSelection): void {
    if (this.state.editMode) {
      this.update({ selection });
    } else if (this.state.layoutMode) {
      const key = selectionKey(selection);
      const attached = this.state.attachedComponents;
      this.update({
        attachedComponents: attached.some((item) => selectionKey(item) === key)
          ? attached.filter((item) => selectionKey(item) !== key)
          : [...attached, selection],
      });
    }
  }

  clearSelection(): void {
    this.update({ selection: null });
  }

  detachComponent(selection: Pick<PreviewSelection, 'filePath' | 'line' | 'column'>): void {
    const key = selectionKey(selection);
    this.update({
      attachedComponents: this.state.attachedComponents.filter(
        (item) => selectionKey(item) !== key,
      ),
    });
  }

  /** Stages a change of an element, replacing an earlier staged change of the same element. */
  stageEdit(edit: PendingEdit): void {
    const key = selectionKey(edit.selection);
    this.update({
      pendingEdits: [
        ...this.state.pendingEdits.filter((item) => selectionKey(item.selection) !== key),
        edit,
      ],
    });
  }

  unstageEdit(selection: Pick<PreviewSelection, 'filePath' | 'line' | 'column'>): void {
    const key = selectionKey(selection);
    this.update({
      pendingEdits: this.state.pendingEdits.filter((item) => selectionKey(item.selection) !== key),
    });
  }

  /** The staged edits were saved (or thrown away): the preview shows the source again. */
  resetEdits(): void {
    this.update({ pendingEdits: [], selection: null });
  }

  /** SPEC.md 4: sending a message turns layout mode off and resets visual edits. */
  messageSent(): void {
    this.update({
      layoutMode: false,
      editMode: false,
      selection: null,
      pendingEdits: [],
      attachedComponents: [],
    });
  }

  log(entry: Omit<ConsoleEntry, 'id' | 'at'> & { readonly at?: number }): void {
    const next = [
      ...this.state.console,
      { ...entry, id: this.nextId++, at: entry.at ?? Date.now() },
    ];
    this.update({ console: next.length > CONSOLE_LIMIT ? next.slice(-CONSOLE_LIMIT) : next });
  }

  /** Mason's note about the preview: logged as information, once per session (a reload repeats it). */
  notice(text: string): void {
    if (this.notices.has(text)) return;
    this.notices.add(text);
    this.log({ level: 'info', text, detail: null });
  }

  /** A build that failed: its errors replace the earlier build's in the panel. */
  logBuildFailure(diagnostics: readonly BuildDiagnostic[]): void {
    this.update({ console: this.state.console.filter((entry) => entry.level !== 'build') });
    for (const diagnostic of diagnostics) {
      if (diagnostic.severity !== 'error') continue;
      this.log({
        level: 'build',
        text: diagnostic.message,
        detail: diagnostic.file
          ? [diagnostic.file, diagnostic.line, diagnostic.column]
              .filter((part) => part !== null)
              .join(':')
          : null,
      });
    }
  }

  clearConsole(): void {
    this.update({ console: [] });
  }

  /**
   * Asks the chat to send a message for the person (e.g. the errors, to fix them); a draft is put
   * in the message box instead, for the person to finish and send.
   */
  requestChatMessage(content: string, options: { readonly draft?: boolean } = {}): void {
    const request = { id: this.nextId++, content, ...(options.draft && { draft: true }) };
    this.update({ chatRequests: [...this.state.chatRequests, request] });
  }

  /** The chat took the request (it sends it, or shows why it cannot). */
  completeChatRequest(id: number): void {
    this.update({ chatRequests: this.state.chatRequests.filter((request) => request.id !== id) });
  }

  /** The preview shows another page (null: none known, e.g. while another version loads). */
  setCurrentPage(page: string | null): void {
    if (this.state.currentPage === page) return;
    this.update({ currentPage: page });
  }

  /** Opens a version in the preview; null goes back to the newest. */
  viewVersion(version: ViewedVersion | null): void {
    this.update({ viewedVersion: version });
  }

  setShownVersion(version: { readonly versionId: string; readonly index: number } | null): void {
    const shown = this.state.shownVersion;
    if (shown?.versionId === version?.versionId && shown?.index === version?.index) return;
    this.update({ shownVersion: version });
  }
}
