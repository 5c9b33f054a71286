import type { ElementLocation } from './types';

/**
 * A visual edit that cannot be applied safely. The message is read by the person in the app:
 * it names the element and says what to do instead.
 */
export class VisualEditRefusal extends Error {
  override readonly name = 'VisualEditRefusal';
  readonly location: ElementLocation | null;

  constructor(message: string, location: ElementLocation | null) {
    super(message);
    this.location = location;
  }
}

/**
 * The list whose item the person changed is written in another module (`import { PLANS } from
 * './plans'`): the caller can make the change there (applyListItemEdit). Its message is the
 * refusal when it does not.
 */
export interface ListItemElsewhere {
  /** The import's module specifier, relative to the edited file. */
  readonly from: string;
  /** The name the module exports the list under ('default' for a default export). */
  readonly exportName: string;
  /** The item's field the element shows, or null when the items are the strings shown. */
  readonly field: string | null;
  readonly previousText: string;
  readonly text: string;
}

/**
 * The text the person changed is a prop (`{title}` in `function Card({ title })`): it is
 * written where the component is used (`<Card title="Hello" />`), which the caller looks for
 * in the project's files (applyPropTextEdit). Its message is the refusal when no single use
 * shows the text.
 */
export interface PropTextElsewhere {
  readonly componentName: string;
  readonly propName: string;
  readonly previousText: string;
  readonly text: string;
}

/** Text that is written in another place than the element's own JSX. */
export type TextElsewhere =
  ({ readonly kind: 'list' } & ListItemElsewhere) | ({ readonly kind: 'prop' } & PropTextElsewhere);

export class TextElsewhereRefusal extends VisualEditRefusal {
  constructor(
    message: string,
    location: ElementLocation | null,
    readonly elsewhere: TextElsewhere,
  ) {
    super(message, location);
  }
}

/** The advice most refusals end with. */
export const ASK_THE_ASSISTANT = 'Ask the assistant in the chat to make this change.';
