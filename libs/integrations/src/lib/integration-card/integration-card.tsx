import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Badge, Panel, VisuallyHidden, type BadgeVariant } from '@mason/ui-kit';

/** Inside the card's surface (ui-kit's Panel): the header, then the integration's own content. */
const StyledContent = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  height: 100%;
`;

/** The mark beside the name and status; the description under both, the card's full width. */
const StyledHeader = styled.header`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
`;

const StyledIcon = styled.div`
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.muted};
  color: ${({ theme }) => theme.colors.foreground};
`;

const StyledTitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
`;

const StyledName = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
`;

const StyledDescription = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
`;

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  flex: 1;
`;

export interface IntegrationStatus {
  label: string;
  variant: BadgeVariant;
}

export interface IntegrationCardProps {
  /** The service's name: the card's heading and accessible name. */
  name: string;
  /** What connecting it gives, in a sentence. */
  description: ReactNode;
  /** The service's mark (decorative). */
  icon: ReactNode;
  /** Where the connection stands ("Connected"); none while it is being checked. */
  status?: IntegrationStatus | null;
  children?: ReactNode;
}

/**
 * One integration on the integrations screen: the service's mark, name, status and what it is
 * for, then its own content (the account, the way to connect or disconnect). Later integrations
 * are cards like this one.
 */
export function IntegrationCard({
  name,
  description,
  icon,
  status,
  children,
}: IntegrationCardProps) {
  return (
    <Panel as="article" aria-label={name}>
      <StyledContent>
        <StyledHeader>
          <StyledIcon aria-hidden="true">{icon}</StyledIcon>
          <StyledTitleRow>
            <StyledName>{name}</StyledName>
            {status && (
              <Badge variant={status.variant}>
                <VisuallyHidden>Status: </VisuallyHidden>
                {status.label}
              </Badge>
            )}
          </StyledTitleRow>
          <StyledDescription>{description}</StyledDescription>
        </StyledHeader>
        <StyledBody>{children}</StyledBody>
      </StyledContent>
    </Panel>
  );
}
