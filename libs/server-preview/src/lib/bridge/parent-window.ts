import type { BridgeMessage } from '@mason/contract/preview';
import type { BridgeConfig } from './bridge-config';
import { readCommand, type ParentCommand, type WithoutChannel } from './commands';

/** A message to Mason's window without its channel: the bridge adds it when it posts. */
export type BridgeMessageBody = WithoutChannel<BridgeMessage>;

/** Posts a message to Mason's window. */
export type PostToParent = (body: BridgeMessageBody) => void;

/** The messaging between the bridge and Mason's window (the page's parent). */
export interface ParentWindow {
  /** False when the page is opened in a tab of its own: then there is nobody to talk to. */
  readonly embedded: boolean;
  /** Posts to Mason's origins only; does nothing when there is no Mason window. */
  readonly post: PostToParent;
  /**
   * Runs each command Mason's window sends: from Mason's origin and window, on the channel,
   * well formed. Anything else is ignored.
   */
  listen(run: (command: ParentCommand) => void): void;
}

export function connectToParent(
  config: Pick<BridgeConfig, 'channel' | 'parentOrigins'>,
): ParentWindow {
  const parentWindow = window.parent;
  const embedded = parentWindow !== window;
  return {
    embedded,
    post(body) {
      if (!embedded) return;
      // Only the origin Mason's window has receives it: the others are dropped by the browser.
      for (const origin of config.parentOrigins) {
        try {
          parentWindow.postMessage({ ...body, channel: config.channel }, origin);
        } catch {
          // Mason's window is gone or navigated away: there is nobody to tell.
        }
      }
    },
    listen(run) {
      window.addEventListener('message', (event) => {
        if (event.source !== parentWindow || !config.parentOrigins.includes(event.origin)) return;
        try {
          const command = readCommand(event.data, config.channel);
          if (command !== null) run(command);
        } catch {
          // A command that cannot run (a history call the browser refuses) changes nothing.
        }
      });
    },
  };
}
