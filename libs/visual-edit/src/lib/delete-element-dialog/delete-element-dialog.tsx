import type { PreviewSelection } from '@mason/contract/preview';
import { elementName } from '@mason/preview-state';
import { ConfirmDialog } from '@mason/ui-kit';
import { sourceLocation } from '../describe-edit/describe-edit';

export interface DeleteElementDialogProps {
  /** The element to delete; null keeps the dialog closed. */
  readonly element: PreviewSelection | null;
  readonly onCancel: () => void;
  readonly onDelete: () => void;
}

/** What deleting removes: the element's JSX, so every copy a list makes of it too. */
function consequence(element: PreviewSelection): string {
  const where = `${element.componentName || 'its component'} (${sourceLocation(element)})`;
  const copies =
    element.instances > 1
      ? ` It appears ${element.instances} times on the page, and every copy is removed.`
      : '';
  return `It is removed from the source of ${where} when you save your changes.${copies}`;
}

/** 'paragraph', 'link': what the element is, without its words. */
const kindOf = (element: PreviewSelection) =>
  elementName({ tagName: element.tagName, textContent: null }).toLowerCase();

/** Asks before an element is deleted (SPEC.md 2: the delete modal). */
export function DeleteElementDialog({ element, onCancel, onDelete }: DeleteElementDialogProps) {
  return (
    <ConfirmDialog
      open={element !== null}
      variant="destructive"
      title={element ? `Delete this ${kindOf(element)}?` : 'Delete this element?'}
      description={element ? consequence(element) : undefined}
      cancelLabel="Keep it"
      confirmLabel="Delete element"
      onCancel={onCancel}
      onConfirm={onDelete}
    />
  );
}
