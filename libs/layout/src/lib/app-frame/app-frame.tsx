import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Logo, Menu, MenuIcon } from '@mason/ui-kit';

export interface AppFrameNavItem {
  label: string;
  to: string;
  /** Other addresses of the same screen (/billing for /dashboard/billing): the item is current there too. */
  also?: readonly string[];
}

export interface AppFrameProps {
  /** Where the logo leads. */
  homeHref: string;
  nav?: readonly AppFrameNavItem[];
  /** The right end of the header: an account menu, or log-in and sign-up links. */
  actions?: ReactNode;
  /**
   * No header: the page brings its own slim bar with the way home (the project workspace, where
   * every pixel above the preview counts).
   */
  headerless?: boolean;
  children: ReactNode;
}

const StyledFrame = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.background};
`;

const StyledHeader = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  backdrop-filter: saturate(180%) blur(12px);
  background: color-mix(in srgb, ${({ theme }) => theme.colors.background} 82%, transparent);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledHeaderInner = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  height: 3.5rem;
  padding: 0 ${({ theme }) => theme.space[4]};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[6]};

  ${({ theme }) => theme.media.md} {
    padding: 0 ${({ theme }) => theme.space[6]};
  }
`;

const StyledHomeLink = styled(Link)`
  display: inline-flex;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const StyledNav = styled.nav`
  display: none;
  gap: ${({ theme }) => theme.space[1]};

  ${({ theme }) => theme.media.md} {
    display: flex;
  }

  a {
    padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.foreground};
    background: ${({ theme }) => theme.colors.accent};
  }
`;

/** Below the md breakpoint the navigation folds into a menu button. */
const StyledMobileNav = styled.div`
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const StyledActions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledMain = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

/** The frame of Mason's pages: a header with the logo, navigation and actions, and the page. */
export function AppFrame({
  homeHref,
  nav = [],
  actions,
  headerless = false,
  children,
}: AppFrameProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isCurrent = (item: AppFrameNavItem) =>
    [item.to, ...(item.also ?? [])].some((path) => pathname === path || pathname === `${path}/`);
  if (headerless)
    return (
      <StyledFrame>
        <StyledMain>{children}</StyledMain>
      </StyledFrame>
    );
  return (
    <StyledFrame>
      <StyledHeader>
        <StyledHeaderInner>
          {nav.length > 0 && (
            <StyledMobileNav>
              <Menu
                trigger={<MenuIcon size={18} />}
                triggerLabel="Open navigation"
                triggerVariant="ghost"
                triggerSize="icon"
                items={nav.map((item) => ({
                  id: item.to,
                  label: item.label,
                  onSelect: () => navigate(item.to),
                }))}
              />
            </StyledMobileNav>
          )}
          <StyledHomeLink to={homeHref} aria-label="Mason home">
            <Logo size="md" title={null} />
          </StyledHomeLink>
          {nav.length > 0 && (
            <StyledNav aria-label="Main">
              {nav.map((item) => (
                <Link
                  key={item.to}
                  to={item.to}
                  aria-current={isCurrent(item) ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              ))}
            </StyledNav>
          )}
          <StyledActions>{actions}</StyledActions>
        </StyledHeaderInner>
      </StyledHeader>
      <StyledMain>{children}</StyledMain>
    </StyledFrame>
  );
}
