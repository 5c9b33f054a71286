import type { PreviewSelection } from '@mason/contract/preview';
import type { PendingEdit } from '@mason/preview-state';

/** How the panel names an element: "Heading in Hero" (@mason/preview-state's elementLabel). */
export { elementLabel } from '@mason/preview-state';

/** Where the element is written: "src/App.tsx:12". */
export function sourceLocation(selection: Pick<PreviewSelection, 'filePath' | 'line'>): string {
  return `${selection.filePath}:${selection.line}`;
}

/** "1 change", "3 changes". */
export function countChanges(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** "class", "class and text", "class, text and style". */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** What a staged edit does, as a sentence for the list of changes. */
export function describeChange(edit: PendingEdit): string {
  const copies = edit.selection.instances > 1 ? `, all ${edit.selection.instances} copies` : '';
  if (edit.command === 'DELETE') return `Deleted${copies}.`;
  const parts = [
    ...(edit.className !== undefined ? ['class'] : []),
    ...(edit.textContent !== undefined ? ['text'] : []),
    ...(edit.style !== undefined ? [`style (${Object.keys(edit.style).join(', ')})`] : []),
    ...(edit.src !== undefined ? ['image source'] : []),
  ];
  return `New ${joinWords(parts)}${copies}.`;
}
