import { useState } from 'react';

/** What the desktop bar shows beside the chat. */
export type WorkspaceView = 'preview' | 'code' | 'database';

/**
 * The desktop bar's view, Preview first. A project the preview cannot run (`unsupported`: an
 * imported app that is not Vite + React) opens on its code, once: the person may go back to the
 * preview, which says why it shows nothing.
 */
export function useWorkspaceView(unsupported: boolean) {
  const [view, setView] = useState<WorkspaceView>('preview');
  const [openedOnCode, setOpenedOnCode] = useState(false);
  if (unsupported && !openedOnCode) {
    setOpenedOnCode(true);
    setView('code');
  }
  return [view, setView] as const;
}
