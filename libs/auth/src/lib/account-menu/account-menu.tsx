import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { useGetCurrentUserQuery } from '@mason/api-client';
import { Avatar, getInitials, Menu } from '@mason/ui-kit';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { selectIsAuthenticated, selectSessionEmail } from '../session/session-slice';
import { logout, type AuthDispatch } from '../session/session-thunks';

const StyledWho = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 12rem;

  strong {
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  }
  span {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  }
`;

/** The signed-in person's avatar, opening a menu with their name, settings and log out. */
export function AccountMenu() {
  const dispatch = useDispatch<AuthDispatch>();
  const navigate = useNavigate();
  const paths = useAuthPaths();
  const signedIn = useSelector(selectIsAuthenticated);
  const storedEmail = useSelector(selectSessionEmail);
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn });
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : (storedEmail ?? '');
  const shown = name || '?';

  return (
    <Menu
      align="end"
      triggerVariant="ghost"
      triggerSize="icon"
      // The name holds the initials the button shows (WCAG 2.5.3: a voice-control user says what
      // they see), after what the button is for.
      triggerLabel={`Account menu, ${getInitials(shown)}`}
      trigger={<Avatar name={shown} size="sm" />}
      header={
        <StyledWho>
          <strong>{name}</strong>
          <span>{user?.email ?? storedEmail}</span>
        </StyledWho>
      }
      items={[
        { id: 'settings', label: 'Settings', onSelect: () => navigate(paths.settings) },
        { id: 'separator', type: 'separator' },
        { id: 'logout', label: 'Log out', onSelect: () => void dispatch(logout()) },
      ]}
    />
  );
}
