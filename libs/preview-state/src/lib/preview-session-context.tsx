import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PreviewSession, type PreviewSessionState } from './preview-session';

const PreviewSessionContext = createContext<PreviewSession | null>(null);

export interface PreviewSessionProviderProps {
  /** A session made elsewhere (stories, tests); one of its own otherwise. */
  readonly session?: PreviewSession;
  readonly children: ReactNode;
}

/** One workspace's preview session: the chat, the preview and visual edit under it share it. */
export function PreviewSessionProvider({ session, children }: PreviewSessionProviderProps) {
  const [own] = useState(() => session ?? new PreviewSession());
  return (
    <PreviewSessionContext.Provider value={session ?? own}>
      {children}
    </PreviewSessionContext.Provider>
  );
}

/** The session of the workspace around, or null outside one (e.g. the chat on /task/:id). */
export function usePreviewSessionOrNull(): PreviewSession | null {
  return useContext(PreviewSessionContext);
}

/** The session of the workspace around; throws outside a PreviewSessionProvider. */
export function usePreviewSession(): PreviewSession {
  const session = useContext(PreviewSessionContext);
  if (!session) throw new Error('usePreviewSession needs a PreviewSessionProvider around it.');
  return session;
}

const detached: PreviewSessionState = new PreviewSession().getState();
const noSubscription = () => () => undefined;

/** A slice of the session's state; re-renders when it changes. Outside a session, the empty state. */
export function usePreviewState<T>(select: (state: PreviewSessionState) => T): T {
  const session = useContext(PreviewSessionContext);
  return useSyncExternalStore(session?.subscribe ?? noSubscription, () =>
    select(session ? session.getState() : detached),
  );
}
