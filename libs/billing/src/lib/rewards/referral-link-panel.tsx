import styled from 'styled-components';
import type { PricingTable } from '@mason/contract/billing';
import { Input, Panel } from '@mason/ui-kit';
import { formatCredits } from '../format/billing-format';
import { CopyLinkButton } from './copy-link-button';

export interface ReferralLinkPanelProps {
  link: string;
  rewards: PricingTable['referralRewardCredits'];
}

const StyledRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;

  > input {
    flex: 1;
    min-width: 0;
    font-family: ${({ theme }) => theme.typography.fonts.mono};
  }
`;

/** The person's link, ready to copy, and what it earns (the server's price table). */
export function ReferralLinkPanel({ link, rewards }: ReferralLinkPanelProps) {
  return (
    <Panel
      title="Your referral link"
      titleAs="h2"
      description={`When someone signs up with your link and makes their first payment, you get ${formatCredits(rewards.referrer)} and they get ${formatCredits(rewards.referred)}.`}
    >
      <StyledRow>
        <Input
          readOnly
          value={link}
          aria-label="Your referral link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyLinkButton link={link} />
      </StyledRow>
    </Panel>
  );
}
