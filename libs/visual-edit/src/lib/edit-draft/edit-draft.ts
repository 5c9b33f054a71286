import { ImageSourceSchema, type VisualEdit } from '@mason/contract';
import { CSS_PROPERTY_PATTERN, type PreviewSelection } from '@mason/contract/preview';
import type { PendingEdit } from '@mason/preview-state';

/** One row of the style editor. `id` keeps React's keys (and focus) stable while it is typed in. */
export interface StyleRow {
  readonly id: number;
  readonly property: string;
  readonly value: string;
}

/** What the editor shows for one element: its values, with its staged change applied. */
export interface ElementDraft {
  readonly className: string;
  /** null: the element holds other elements, so its words cannot be changed here. */
  readonly textContent: string | null;
  readonly styleRows: readonly StyleRow[];
  /** An image's source; null for an element that is not an image. */
  readonly src: string | null;
}

/** Inline style, property (kebab-case) to value. */
type Style = Readonly<Record<string, string>>;

/**
 * 'backgroundColor' and 'background-color' name the same property; the selection reports
 * kebab-case, so a typed name is compared in that form. Custom properties keep their case.
 */
export function normalizeProperty(property: string): string {
  const trimmed = property.trim();
  if (trimmed.startsWith('--')) return trimmed;
  return trimmed.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** True when the server would take `property` as a CSS property name (the contract's rule). */
function isCssProperty(property: string): boolean {
  return property.length <= 100 && CSS_PROPERTY_PATTERN.test(property);
}

/** The element's inline style with a staged style patch applied ('' removes a property). */
function patchedStyle(original: Style, patch: Style | undefined): Style {
  const style: Record<string, string> = { ...original };
  for (const [property, value] of Object.entries(patch ?? {})) {
    if (value === '') delete style[property];
    else style[property] = value;
  }
  return style;
}

/** The editor's starting point for an element: its values, or its staged change of them. */
export function draftOf(selection: PreviewSelection, staged: PendingEdit | null): ElementDraft {
  const style = patchedStyle(selection.style, staged?.style);
  return {
    className: staged?.className ?? selection.className,
    textContent:
      selection.textContent === null ? null : (staged?.textContent ?? selection.textContent),
    styleRows: Object.entries(style).map(([property, value], index) => ({
      id: index + 1,
      property,
      value,
    })),
    src: selection.src === undefined ? null : (staged?.src ?? selection.src),
  };
}

/** Why the image source typed cannot be used (the server's rule); undefined when it can. */
export function sourceProblem(draft: ElementDraft): string | undefined {
  if (draft.src === null) return undefined;
  const parsed = ImageSourceSchema.safeParse(draft.src.trim());
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Why a style row cannot be used as it is, by row id. A row with a problem is left out of the edit. */
export function styleRowProblems(rows: readonly StyleRow[]): ReadonlyMap<number, string> {
  const problems = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const property = normalizeProperty(row.property);
    if (property === '') {
      if (row.value.trim() !== '') problems.set(row.id, 'Name the property this value is for.');
    } else if (!isCssProperty(property)) {
      problems.set(row.id, 'Use a CSS property name, like color or margin-top.');
    } else if (seen.has(property)) {
      problems.set(row.id, `${property} is already set in a row above.`);
    }
    if (property !== '') seen.add(property);
  }
  return problems;
}

/** The inline style the rows describe: the rows without a problem that have a value. */
function styleOfRows(rows: readonly StyleRow[]): Style {
  const problems = styleRowProblems(rows);
  const style: Record<string, string> = {};
  for (const row of rows) {
    const property = normalizeProperty(row.property);
    const value = row.value.trim();
    if (property === '' || value === '' || problems.has(row.id)) continue;
    style[property] = value;
  }
  return style;
}

/**
 * What changes between two inline styles, as the bridge and the server take it: new and changed
 * properties with their value, removed ones with ''. undefined when nothing changes.
 */
function styleChange(original: Style, next: Style): Style | undefined {
  const change: Record<string, string> = {};
  for (const [property, value] of Object.entries(next)) {
    if (original[property] !== value) change[property] = value;
  }
  for (const property of Object.keys(original)) {
    if (!(property in next)) change[property] = '';
  }
  return Object.keys(change).length > 0 ? change : undefined;
}

/**
 * The staged edit for an element's draft: an UPDATE with only the fields that differ from the
 * element as selected, or null when the draft is back to the original values.
 */
export function editOf(selection: PreviewSelection, draft: ElementDraft): PendingEdit | null {
  const className = draft.className !== selection.className ? draft.className : undefined;
  const textContent =
    selection.textContent !== null &&
    draft.textContent !== null &&
    draft.textContent !== selection.textContent
      ? draft.textContent
      : undefined;
  const style = styleChange(selection.style, styleOfRows(draft.styleRows));
  // A source the server would refuse is not staged: the field says why.
  const src =
    draft.src !== null && draft.src.trim() !== selection.src && !sourceProblem(draft)
      ? draft.src.trim()
      : undefined;
  if (
    className === undefined &&
    textContent === undefined &&
    style === undefined &&
    src === undefined
  )
    return null;
  return {
    selection,
    command: 'UPDATE',
    ...(className !== undefined && { className }),
    ...(textContent !== undefined && { textContent }),
    ...(style !== undefined && { style }),
    ...(src !== undefined && { src }),
  };
}

/** A staged edit as POST /projects/:id/visual-edits takes it. */
export function toVisualEdit(edit: PendingEdit): VisualEdit {
  const { componentName, filePath, line, column, tagName, page } = edit.selection;
  return {
    selectedLayout: { componentName, filePath, line, column, tagName, page },
    command: edit.command,
    ...(edit.command === 'UPDATE' && {
      // The class as rendered lets the server tell classes the source writes from ones it does not.
      ...(edit.className !== undefined && {
        newClassValue: edit.className,
        previousClassValue: edit.selection.className,
      }),
      ...(edit.textContent !== undefined && {
        newTextContent: edit.textContent,
        // Which item of a list written in the source the element shows.
        ...(typeof edit.selection.textContent === 'string' && {
          previousTextContent: edit.selection.textContent,
        }),
      }),
      ...(edit.style !== undefined && { newStyle: { ...edit.style } }),
      ...(edit.src !== undefined && { newSrc: edit.src }),
    }),
  };
}
