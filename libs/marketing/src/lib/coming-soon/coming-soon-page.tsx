import type { ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState } from '@mason/ui-kit';

export interface ComingSoonPageProps {
  /** What the page will be ("Projects", "Billing"). */
  title: string;
  description?: ReactNode;
  /** Shown above the empty state (a reminder, a notice). */
  notice?: ReactNode;
  action?: ReactNode;
}

const StyledPage = styled.main`
  width: 100%;
  max-width: 64rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]}`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

/** A page whose screen comes in a later release: says so plainly and offers the way on. */
export function ComingSoonPage({ title, description, notice, action }: ComingSoonPageProps) {
  return (
    <StyledPage>
      {notice}
      <EmptyState
        bordered
        titleAs="h1"
        title={title}
        description={
          description ??
          'This part of Mason is being built. It will appear here in an upcoming release.'
        }
        action={action}
      />
    </StyledPage>
  );
}
