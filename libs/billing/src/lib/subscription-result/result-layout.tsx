import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Page } from '@mason/ui-kit';
import { forgetReturnTo } from '../shared/return-to';

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
  /**
   * The task that sent the person to billing (stopped for want of credits): the first way on is
   * back to it, to retry.
   */
  returnTo?: string | null;
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
  returnTo,
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
            returnTo ? (
              <Button as={Link} to={returnTo} onClick={forgetReturnTo}>
                Back to your task
              </Button>
            ) : (
              <Button as={Link} to={billingHref}>
                Go to billing
              </Button>
            )
          }
          secondaryAction={
            returnTo ? (
              <Button as={Link} to={billingHref} variant="outline">
                Go to billing
              </Button>
            ) : (
              <Button as={Link} to={dashboardHref} variant="outline">
                Go to your projects
              </Button>
            )
          }
        />
      </div>
    </Page>
  );
}
