import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AnnouncementBanner } from '../announcement/announcement-banner';

const StyledRoot = styled.div`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.foreground};

  & > :last-child {
    flex: 1;
    min-height: 0;
  }

  /* A page that fills the window (the project workspace) gets exactly the window's height, below
     the banner and the header, whatever their heights. */
  &:has([data-fills-window]) {
    height: 100dvh;
  }
`;

export interface RootLayoutProps {
  children: ReactNode;
}

/** Every page: the announcement banner on top, the page filling the rest of the window. */
export function RootLayout({ children }: RootLayoutProps) {
  return (
    <StyledRoot>
      <AnnouncementBanner />
      {children}
    </StyledRoot>
  );
}
