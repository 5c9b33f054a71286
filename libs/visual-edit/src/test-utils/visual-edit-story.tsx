import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Decorator } from '@storybook/react-vite';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { withStoryProviders } from '@mason/web-testing';

/** The story parameter that makes the story's preview session (fresh for every render). */
export const SESSION_PARAMETER = 'previewSession';

const StyledFrame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  width: 380px;
  padding: ${({ theme }) => theme.space[4]};
`;

const StyledToolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

function StorySession({ make, children }: { make?: () => PreviewSession; children: ReactNode }) {
  const [session] = useState(() => make?.() ?? new PreviewSession());
  return <PreviewSessionProvider session={session}>{children}</PreviewSessionProvider>;
}

/**
 * The decorators of a visual edit story: a fresh store (api-client's MSW handlers answer), the
 * preview session `parameters.previewSession()` makes, and a narrow column like the workspace's.
 */
export function visualEditStoryDecorators(): Decorator[] {
  return [
    withStoryProviders(),
    (Story, context) => (
      <StorySession
        key={context.id}
        make={context.parameters[SESSION_PARAMETER] as (() => PreviewSession) | undefined}
      >
        <StyledFrame>
          <Story />
        </StyledFrame>
      </StorySession>
    ),
  ];
}

/** The preview toolbar's slot for the toggle, as the workspace places it. */
export function StoryToolbar({ children }: { children: ReactNode }) {
  return <StyledToolbar>{children}</StyledToolbar>;
}
