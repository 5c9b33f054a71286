import styled from 'styled-components';
import { useGetRewardsQuery } from '@mason/api-client';
import { Page, PageHeader } from '@mason/ui-kit';
import { LoadError } from '../shared/load-error';
import { LoadingStatus } from '../shared/loading-status';
import { usePricing } from '../shared/use-pricing';
import { ReferralLinkPanel } from './referral-link-panel';
import { ReferralsPanel } from './referrals-panel';

const StyledSections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

/**
 * /dashboard/rewards: the person's referral link with a Copy button, what a referral earns (GET
 * /config's price table), the people who joined through the link and the credits it earned.
 */
export function RewardsScreen() {
  const rewards = useGetRewardsQuery();
  const { pricing, isLoading: pricingLoading } = usePricing();

  let body;
  if (rewards.isLoading || pricingLoading) {
    body = <LoadingStatus label="Loading your rewards…" />;
  } else if (!rewards.data) {
    body = (
      <LoadError
        title="Your rewards could not be loaded"
        error={rewards.error}
        onRetry={() => void rewards.refetch()}
        retrying={rewards.isFetching}
      />
    );
  } else {
    body = (
      <StyledSections>
        <ReferralLinkPanel link={rewards.data.link} rewards={pricing.referralRewardCredits} />
        <ReferralsPanel rewards={rewards.data} />
      </StyledSections>
    );
  }

  return (
    <Page width="default">
      <PageHeader
        title="Rewards"
        description="Invite friends to Mason: when they first pay, you both get credits."
      />
      {body}
    </Page>
  );
}
