import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Page } from '@mason/ui-kit';

export interface ResultLinks {
  /** The billing screen. */
  billingHref: string;
  /** The projects dashboard. */
  dashboardHref: string;
}

export interface ResultLayoutProps extends ResultLinks {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
}

/**
 * Where a checkout comes back to: what happened, in a sentence, and the two ways on. The words
 * are a live region, so a change (the payment confirmed) is read out.
 */
export function ResultLayout({
  icon,
  title,
  description,
  billingHref,
  dashboardHref,
}: ResultLayoutProps) {
  return (
    <Page width="narrow">
      <div aria-live="polite">
        <EmptyState
          bordered
          icon={icon}
          title={title}
          titleAs="h1"
          description={description}
          action={
            <Button as={Link} to={billingHref}>
              Go to billing
            </Button>
          }
          secondaryAction={
            <Button as={Link} to={dashboardHref} variant="outline">
              Go to your projects
            </Button>
          }
        />
      </div>
    </Page>
  );
}
