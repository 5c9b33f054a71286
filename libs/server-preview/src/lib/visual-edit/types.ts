import type { TextElsewhere } from './refusal';

/** Where an element's JSX starts in its file: 1-based line and column of its `<`. */
export interface ElementLocation {
  readonly line: number;
  readonly column: number;
}

/** What a person changed on one element in the preview. */
export type ElementChange =
  | {
      readonly kind: 'update';
      /** The full class list the person wants rendered. */
      readonly className?: string;
      /**
       * The class list the preview rendered before the change (the selection's `className`).
       * With it, a class that was removed but is not written in the source (it came from props
       * or a CSS module) is refused instead of silently kept; without it, only the classes
       * written in the source can be compared.
       */
      readonly previousClassName?: string;
      readonly textContent?: string;
      /**
       * The text the preview showed before the change: it tells which item of a list written
       * in the source (`LIST.map((item) => <li>{item.name}</li>)`) the person changed.
       */
      readonly previousTextContent?: string;
      /** Property (camelCase or kebab-case) to value; '' removes the property. */
      readonly style?: Readonly<Record<string, string>>;
      /** An image's new source: its src attribute, written as a string. */
      readonly src?: string;
    }
  | { readonly kind: 'delete' };

export interface ElementEdit {
  readonly location: ElementLocation;
  readonly change: ElementChange;
}

/**
 * The edited file, or why nothing was changed: a sentence for the person, and the element it
 * is about (null when it is about the whole file).
 */
export type VisualEditOutcome =
  | { readonly ok: true; readonly code: string }
  | {
      readonly ok: false;
      readonly message: string;
      readonly location: ElementLocation | null;
      /** The change is to be made in another module, with which edit of the batch it was. */
      readonly elsewhere?: TextElsewhere & { readonly editIndex: number };
    };
