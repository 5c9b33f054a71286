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

export class ListItemElsewhereRefusal extends VisualEditRefusal {
  constructor(
    message: string,
    location: ElementLocation | null,
    readonly elsewhere: ListItemElsewhere,
  ) {
    super(message, location);
  }
}

/** The advice most refusals end with. */
export const ASK_THE_ASSISTANT = 'Ask the assistant in the chat to make this change.';
