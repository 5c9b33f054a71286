import styled from 'styled-components';
import { useGetBillingSummaryQuery } from '@mason/api-client';
import { Link } from 'react-router';
import { Button, Page, PageHeader } from '@mason/ui-kit';
import { openInBrowser, type OpenExternalUrl } from '../shared/external-url';
import { LoadError } from '../shared/load-error';
import { forgetReturnTo, useReturnTo } from '../shared/return-to';
import { usePricing } from '../shared/use-pricing';
import { BillingSkeleton } from './billing-skeleton';
import { ChangePlanPanel } from './change-plan-panel';
import { CurrentPlanPanel } from './current-plan-panel';
import { ProjectCostsPanel } from './project-costs-panel';
import { TopUpPanel } from './top-up-panel';
import { TransactionsPanel } from './transactions-panel';
import { UsagePanel } from './usage-panel';

export interface BillingScreenProps {
  /** The pricing page, linked from "Change plan". */
  pricingHref?: string;
  /** Where a project opens (its name in "Cost by project this month" links there). */
  projectHref?: (projectId: string) => string;
  /** Leaves for a checkout page. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
}

const StyledSections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledPair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;
`;

/**
 * /dashboard/billing and /billing: the plan and when it renews or ends, this month's usage,
 * credits or balance left, changing or cancelling the plan, buying credits or adding to the
 * balance (each through a checkout page), the payments, and this month's cost by project.
 * `?plan=PRO` (from the pricing page) opens that plan's dialog; `?returnTo=` (from a task that
 * stopped for want of credits) is the way back, offered here and after the checkout.
 */
export function BillingScreen({
  pricingHref,
  projectHref,
  openExternalUrl = openInBrowser,
}: BillingScreenProps) {
  const summary = useGetBillingSummaryQuery();
  const returnTo = useReturnTo();
  const { pricing, isLoading: pricingLoading } = usePricing();

  let body;
  if (summary.isLoading || pricingLoading) {
    body = <BillingSkeleton />;
  } else if (!summary.data) {
    body = (
      <LoadError
        title="Your billing could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  } else {
    const { data } = summary;
    body = (
      <StyledSections>
        <StyledPair>
          <CurrentPlanPanel summary={data} pricing={pricing} />
          <UsagePanel summary={data} />
        </StyledPair>
        <ChangePlanPanel
          summary={data}
          pricing={pricing}
          openExternalUrl={openExternalUrl}
          pricingHref={pricingHref}
        />
        <TopUpPanel plan={data.plan} pricing={pricing} openExternalUrl={openExternalUrl} />
        <ProjectCostsPanel
          projects={data.projects}
          waived={data.waived}
          ownKey={data.ownKey}
          unpriced={data.unpriced}
          projectHref={projectHref}
        />
        <TransactionsPanel />
      </StyledSections>
    );
  }

  return (
    <Page width="large">
      <PageHeader
        title="Billing"
        description="Your plan, what you used this month, and your payments."
        actions={
          returnTo ? (
            <Button as={Link} to={returnTo} variant="outline" onClick={forgetReturnTo}>
              Back to your task
            </Button>
          ) : null
        }
      />
      {body}
    </Page>
  );
}
