import type { Decorator } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ChatContextProvider, type ChatContextValue } from '../lib/chat-context/chat-context';

/** What a row of the chat gets from the chat around it, in a story: nothing rated, nothing reverted. */
export function aChatContext(overrides: Partial<ChatContextValue> = {}): ChatContextValue {
  return {
    taskId: 'task-1',
    task: undefined,
    rateableLogId: null,
    ratings: {},
    rate: fn(),
    ratingLogId: null,
    currentVersionId: null,
    canRevert: true,
    requestRevert: fn(),
    ...overrides,
  };
}

/** The decorators of one row's story: the chat's context, and the width of a chat pane. */
export function entryStoryDecorators(context?: Partial<ChatContextValue>): Decorator[] {
  return [
    (Story) => (
      <ChatContextProvider value={aChatContext(context)}>
        <div style={{ maxWidth: 520, padding: 16 }}>
          <Story />
        </div>
      </ChatContextProvider>
    ),
  ];
}
