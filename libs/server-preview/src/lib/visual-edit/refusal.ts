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

/** The advice most refusals end with. */
export const ASK_THE_ASSISTANT = 'Ask the assistant in the chat to make this change.';
