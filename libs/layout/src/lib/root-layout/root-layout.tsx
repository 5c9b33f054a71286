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
