import styled from 'styled-components';
import type { RewardsResponse } from '@mason/contract/billing';
import { Badge, EmptyState, Panel } from '@mason/ui-kit';
import { formatCredits, formatShortDate } from '../format/billing-format';
import { StyledStackingTable, StyledTableScroll } from '../shared/data-table';

export interface ReferralsPanelProps {
  rewards: RewardsResponse;
}

const StyledFigures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0 0 ${({ theme }) => theme.space[4]};

  div {
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
  }

  dt {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizes.xl};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
    font-variant-numeric: tabular-nums;
  }
`;

/** Who joined with the link (first name and date: nothing more of another person), and what it earned. */
export function ReferralsPanel({ rewards }: ReferralsPanelProps) {
  const { referrals, creditsEarned } = rewards;
  const paid = referrals.filter((referral) => referral.rewarded).length;
  return (
    <Panel title="People who joined" titleAs="h2">
      <StyledFigures>
        <div>
          <dt>Credits earned</dt>
          <dd>{formatCredits(creditsEarned)}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{referrals.length.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Made a first payment</dt>
          <dd>{paid.toLocaleString('en-US')}</dd>
        </div>
      </StyledFigures>
      {referrals.length === 0 ? (
        <EmptyState
          title="Nobody has joined with your link yet"
          titleAs="h3"
          description="Share your link: the people who sign up with it show here."
        />
      ) : (
        <StyledTableScroll>
          <StyledStackingTable aria-label="People who joined with your link, newest first">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Joined on</th>
                <th scope="col">Reward</th>
              </tr>
            </thead>
            <tbody>
              {referrals.map((referral, index) => (
                <tr key={`${referral.joinedAt}-${index}`}>
                  <th scope="row">{referral.firstName}</th>
                  <td data-label="Joined on">
                    <time dateTime={referral.joinedAt}>{formatShortDate(referral.joinedAt)}</time>
                  </td>
                  <td data-label="Reward">
                    {referral.rewarded ? (
                      <Badge variant="success">Rewarded</Badge>
                    ) : (
                      <Badge variant="secondary">Waiting for first payment</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledStackingTable>
        </StyledTableScroll>
      )}
    </Panel>
  );
}
