import { planClassChange } from './class-edit';
import { planDelete } from './delete-edit';
import { end, locationKey, parseModule, readJsxSource, start } from './jsx-tree';
import type { JsxSource, LocatedElement } from './jsx-tree';
import { ASK_THE_ASSISTANT, TextElsewhereRefusal, VisualEditRefusal } from './refusal';
import { applySourceEdits, OverlappingEditsError } from './source-edits';
import type { SourceEdit } from './source-edits';
import { planSourceAttribute } from './src-edit';
import { planStyleChange } from './style-edit';
import { planTextChange } from './text-edit';
import type { ElementChange, ElementEdit, ElementLocation, VisualEditOutcome } from './types';

interface Target {
  readonly element: LocatedElement;
  readonly change: ElementChange;
}

function staleLocation(filePath: string, location: ElementLocation): VisualEditRefusal {
  return new VisualEditRefusal(
    `No element starts at line ${location.line}, column ${location.column} of ${filePath} any more: the file changed since the preview was built. Reload the preview and make the change again.`,
    location,
  );
}

function readSource(code: string, filePath: string, edits: readonly ElementEdit[]): JsxSource {
  const first = edits[0] as ElementEdit;
  if (!/\.[jt]sx$/i.test(filePath)) throw staleLocation(filePath, first.location);
  try {
    return readJsxSource(code, filePath);
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : String(error);
    throw new VisualEditRefusal(
      `${filePath} does not parse (${reason}), so it cannot be changed here. Ask the assistant in the chat to fix the file first.`,
      null,
    );
  }
}

/** Two changes of one element, the later one winning field by field; a delete wins over all. */
function mergeChanges(earlier: ElementChange, later: ElementChange): ElementChange {
  if (earlier.kind === 'delete' || later.kind === 'delete') return { kind: 'delete' };
  const className = later.className ?? earlier.className;
  // The class list rendered before the first class change is the one the source produced.
  const previousClassName =
    earlier.className !== undefined ? earlier.previousClassName : later.previousClassName;
  const textContent = later.textContent ?? earlier.textContent;
  // The text shown before the first text change is the one the source produced.
  const previousTextContent =
    earlier.textContent !== undefined ? earlier.previousTextContent : later.previousTextContent;
  const style = earlier.style || later.style ? { ...earlier.style, ...later.style } : undefined;
  const src = later.src ?? earlier.src;
  return {
    kind: 'update',
    ...(className === undefined ? {} : { className }),
    ...(previousClassName === undefined ? {} : { previousClassName }),
    ...(textContent === undefined ? {} : { textContent }),
    ...(previousTextContent === undefined ? {} : { previousTextContent }),
    ...(style === undefined ? {} : { style }),
    ...(src === undefined ? {} : { src }),
  };
}

function contains(outer: LocatedElement, inner: LocatedElement): boolean {
  return start(outer.node) <= start(inner.node) && end(inner.node) <= end(outer.node);
}

/**
 * One target per element, in source order; a location that points at no element refuses the
 * batch. The edits of an element inside a deleted one are dropped: the delete wins.
 */
function resolveTargets(source: JsxSource, edits: readonly ElementEdit[]): Target[] {
  const byElement = new Map<string, Target>();
  for (const edit of edits) {
    const key = locationKey(edit.location);
    const element = source.elements.get(key);
    if (!element) throw staleLocation(source.filePath, edit.location);
    const known = byElement.get(key);
    byElement.set(key, {
      element,
      change: known ? mergeChanges(known.change, edit.change) : edit.change,
    });
  }
  const targets = [...byElement.values()];
  const deleted = targets.filter((target) => target.change.kind === 'delete');
  return targets
    .filter(
      (target) =>
        !deleted.some((other) => other !== target && contains(other.element, target.element)),
    )
    .sort((first, second) => start(first.element.node) - start(second.element.node));
}

function planTarget(source: JsxSource, { element, change }: Target): SourceEdit[] {
  if (change.kind === 'delete') return [planDelete(source, element)];
  return [
    ...(change.className === undefined
      ? []
      : planClassChange(source, element, change.className, change.previousClassName)),
    ...(change.style === undefined ? [] : planStyleChange(source, element, change.style)),
    ...(change.textContent === undefined
      ? []
      : planTextChange(source, element, change.textContent, change.previousTextContent)),
    ...(change.src === undefined ? [] : [planSourceAttribute(element, change.src)]),
  ];
}

function applyOrRefuse(source: JsxSource, edits: readonly SourceEdit[]): string {
  let output: string;
  try {
    output = applySourceEdits(source.code, edits);
  } catch (error) {
    if (!(error instanceof OverlappingEditsError)) throw error;
    throw new VisualEditRefusal(
      `Some of these changes rewrite the same code in ${source.filePath}, so none of them was applied. Make them one at a time, or ask the assistant in the chat.`,
      null,
    );
  }
  // Never hand back code that does not parse, whatever went wrong above.
  try {
    parseModule(output, source.filePath);
  } catch {
    throw new VisualEditRefusal(
      `These changes would break the code of ${source.filePath}, so none of them was applied. ${ASK_THE_ASSISTANT}`,
      null,
    );
  }
  return output;
}

/**
 * Applies every edit a person made in the preview to one file's source, in one pass (one
 * parse, one MagicString): the rest of the file is kept byte for byte, and the result is
 * parsed again before it is returned. Each edit finds its element by the location the preview
 * build tagged it with (tagJsxSource: line and column of its `<`).
 *
 * - className: the full class list to render; see planClassChange for how it is written into
 *   literals, template literals, cn/clsx calls and other code.
 * - textContent: replaces text written in the source (JSX text or a string literal child).
 * - style: sets or removes ('' as value) properties of the style object.
 * - src: an image's source, written as a string over whatever the attribute held.
 * - delete: removes the element (with its line when it stands alone), or puts `null` where it
 *   is a value. An edit of an element inside a deleted one is dropped.
 *
 * Any edit that cannot be applied safely refuses the whole batch: nothing is half-applied, and
 * the message (a sentence for the person, naming the element and what to do instead) and the
 * element's location say why.
 */
export function applyVisualEdits(
  code: string,
  filePath: string,
  edits: readonly ElementEdit[],
): VisualEditOutcome {
  if (edits.length === 0) return { ok: true, code };
  try {
    const source = readSource(code, filePath, edits);
    const planned = resolveTargets(source, edits).flatMap((target) => planTarget(source, target));
    if (planned.length === 0) return { ok: true, code };
    return { ok: true, code: applyOrRefuse(source, planned) };
  } catch (error) {
    if (!(error instanceof VisualEditRefusal)) throw error;
    if (error instanceof TextElsewhereRefusal) {
      const editIndex = edits.findIndex(
        (edit) =>
          edit.location.line === error.location?.line &&
          edit.location.column === error.location?.column &&
          edit.change.kind === 'update' &&
          edit.change.textContent !== undefined,
      );
      if (editIndex >= 0)
        return {
          ok: false,
          message: error.message,
          location: error.location,
          elsewhere: { ...error.elsewhere, editIndex },
        };
    }
    return { ok: false, message: error.message, location: error.location };
  }
}

export type { ElementChange, ElementEdit, ElementLocation, VisualEditOutcome } from './types';
