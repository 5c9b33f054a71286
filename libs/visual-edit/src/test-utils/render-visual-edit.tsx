import type { ReactElement } from 'react';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { renderWithProviders } from '@mason/web-testing';

/**
 * A visual edit component as the workspace renders it: renderWithProviders (a fresh store, the
 * theme, toasts, a router) inside the workspace's preview session. Returns the session too, to
 * act as the preview does (select an element) and to read what was staged.
 */
export function renderVisualEdit(ui: ReactElement, session: PreviewSession = new PreviewSession()) {
  const view = renderWithProviders(
    <PreviewSessionProvider session={session}>{ui}</PreviewSessionProvider>,
  );
  return { ...view, session };
}
