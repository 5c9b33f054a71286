// The workspace's panes, bars and tabs (ProjectWorkspace lays them out).
import styled from 'styled-components';
import { HistoryPanel } from '../history-panel/history-panel';
export const StyledWorkspace = styled.main`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
`;

export const StyledPanes = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;

  ${({ theme }) => theme.media.md} {
    flex-direction: row;
  }

  /* A hidden pane (a phone's other tabs, a collapsed chat) takes no room. */
  & > [hidden] {
    display: none !important;
  }
`;

export const StyledChatPane = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;

  ${({ theme }) => theme.media.md} {
    flex: 0 0 auto;
    width: var(--chat-width);
    max-width: 60%;
  }
`;

export const StyledResizerSlot = styled.div`
  display: flex;
`;

export const StyledMainPane = styled.section`
  position: relative;
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  overflow: auto;

  ${({ theme }) => theme.media.md} {
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const StyledView = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;

  &[hidden] {
    display: none;
  }
  & > * {
    flex: 1;
    min-height: 0;
  }
`;

/** The history, or the visual-edit panel in edit mode: a column of its own, never the preview's. */
export const StyledSide = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;

  & > * {
    flex: 1;
    min-height: 0;
  }

  ${({ theme }) => theme.media.md} {
    flex: 0 0 var(--side-width, 18rem);
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const StyledHistoryPane = styled(HistoryPanel)``;

export const StyledPhoneTabs = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[1.5]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  [role='tablist'] {
    display: flex;
    width: 100%;
  }
  [role='tab'] {
    flex: 1;
  }
`;

export const StyledRail = styled.div`
  display: flex;
  flex: 0 0 auto;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space[2]};

  ${({ theme }) => theme.media.md} {
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
  &:first-child {
    border-left: 0;
  }
`;

export const StyledChatHeader = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]} 0`};
`;

export const StyledCenter = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
`;
