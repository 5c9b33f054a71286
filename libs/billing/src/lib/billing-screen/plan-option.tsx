import styled from 'styled-components';
import type { PaidPlan } from '@mason/contract';
import type { PricingTable } from '@mason/contract/billing';
import { Badge, Button } from '@mason/ui-kit';
import { PLAN_NAMES } from '../format/billing-format';
import { planTermsLine } from './current-plan-panel';

export interface PlanOptionProps {
  plan: PaidPlan;
  pricing: PricingTable;
  current: boolean;
  /** A free person subscribes (checkout); a subscriber switches (prorated). */
  subscribing: boolean;
  onChoose: (plan: PaidPlan) => void;
}

const StyledOption = styled.li<{ $current: boolean }>`
  display: grid;
  grid-template-rows: auto 1fr auto;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.ring : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const StyledName = styled.h3`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledTerms = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** One plan a person can move to, with its price from the server's pricing table. */
export function PlanOption({ plan, pricing, current, subscribing, onChoose }: PlanOptionProps) {
  const name = PLAN_NAMES[plan];
  return (
    <StyledOption $current={current}>
      <StyledName>
        {name}
        {current ? <Badge variant="secondary">Current plan</Badge> : null}
      </StyledName>
      <StyledTerms>{planTermsLine(plan, pricing)}</StyledTerms>
      <Button
        variant={current ? 'outline' : 'primary'}
        disabled={current}
        onClick={() => onChoose(plan)}
      >
        {current ? `On ${name}` : `${subscribing ? 'Choose' : 'Switch to'} ${name}`}
      </Button>
    </StyledOption>
  );
}
