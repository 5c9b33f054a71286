import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';

function StorySession({
  fill,
  children,
}: {
  fill?: (session: PreviewSession) => void;
  children: ReactNode;
}) {
  const [session] = useState(() => {
    const made = new PreviewSession();
    fill?.(made);
    return made;
  });
  return <PreviewSessionProvider session={session}>{children}</PreviewSessionProvider>;
}

/** A fresh workspace session per story, filled by `fill` (a console, a mode). */
export function withPreviewSession(fill?: (session: PreviewSession) => void): Decorator {
  return (Story) => (
    <StorySession fill={fill}>
      <Story />
    </StorySession>
  );
}

/**
 * A stand-in for the framed app: a data: URL page (stories have no preview host). It is on no
 * origin at all, so it can show in the frame whatever Storybook's own origin is.
 */
export const STORY_APP_URL = `data:text/html;charset=utf-8,${encodeURIComponent(
  `<!doctype html><html><body style="margin:0;font-family:system-ui,sans-serif;color:#18181b">
<header style="padding:16px 20px;border-bottom:1px solid #e4e4e7;font-weight:600">Todo app</header>
<main style="padding:20px"><h1 style="font-size:20px;margin:0 0 12px">Today</h1>
<ul style="padding-left:20px;line-height:1.8"><li>Buy oat milk</li><li>Call the dentist</li><li>Send the invoice</li></ul>
<button style="padding:8px 14px;border-radius:8px;border:1px solid #d4d4d8;background:#fafafa">Add a todo</button></main>
</body></html>`,
)}`;
