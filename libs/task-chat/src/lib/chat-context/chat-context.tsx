import { createContext, useContext, type ReactNode } from 'react';
import type { Task, TaskRating } from '@mason/contract';

/** A version someone may revert to (from a VERSION entry or the history panel). */
export interface RevertTarget {
  readonly versionId: string;
  readonly index: number;
}

/** What the rows of one task's chat share: the task, and the actions they offer. */
export interface ChatContextValue {
  readonly taskId: string;
  readonly task: Task | undefined;
  /** The newest answer of the assistant, when it can be rated (the turn has ended). */
  readonly rateableLogId: string | null;
  /** Ratings given in this visit, by log id. */
  readonly ratings: Readonly<Record<string, TaskRating>>;
  readonly rate: (logId: string, rating: TaskRating) => void;
  readonly ratingLogId: string | null;
  /** The version the task's files are at now (no revert offered to it). */
  readonly currentVersionId: string | null;
  /** False while the assistant works (the server refuses a revert then). */
  readonly canRevert: boolean;
  readonly requestRevert: (target: RevertTarget) => void;
}

const ChatContext = createContext<ChatContextValue | null>(null);

export function ChatContextProvider({
  value,
  children,
}: {
  value: ChatContextValue;
  children: ReactNode;
}) {
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

export function useChatContext(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error('The chat rows need a <ChatContextProvider> above them.');
  return value;
}
