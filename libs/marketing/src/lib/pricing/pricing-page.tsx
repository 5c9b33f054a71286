import { Link } from 'react-router';
import styled from 'styled-components';
import { PLAN_OFFERS, type CheckoutPlan, type PlanOffer } from '@mason/contract';
import { Badge, Button } from '@mason/ui-kit';
import { StyledContainer, StyledEyebrow, StyledLead, StyledPageTitle } from '../shared/page';
import { SiteFooter, type SiteFooterProps } from '../shared/site-footer';

export interface PricingPageProps extends SiteFooterProps {
  /** Where the free plan leads (sign-up, or the dashboard for a signed-in person). */
  freeHref: string;
  /** Where choosing a paid plan leads; the plan is remembered through sign-up or login. */
  planHref: (plan: CheckoutPlan) => string;
}

const StyledHeader = styled.header`
  padding: ${({ theme }) => `${theme.space[16]} 0 ${theme.space[10]}`};
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledPlans = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space[16]};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${({ theme }) => theme.media.xl} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const StyledPlan = styled.li<{ $highlighted: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid
    ${({ theme, $highlighted }) => ($highlighted ? theme.colors.foreground : theme.colors.border)};
  background: ${({ theme }) => theme.colors.card};
  box-shadow: ${({ theme, $highlighted }) => ($highlighted ? theme.shadows.lg : 'none')};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizes.lg};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
  ul li {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => theme.space[2]};
  }
  ul li::before {
    content: '✓';
    color: ${({ theme }) => theme.colors.foreground};
  }
`;

const StyledPrice = styled.p`
  margin: 0;
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};

  strong {
    font-size: ${({ theme }) => theme.typography.fontSizes['4xl']};
    font-weight: ${({ theme }) => theme.typography.fontWeights.bold};
    letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
  }
  span {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  }
`;

const StyledTagline = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledPlanTop = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledPush = styled.div`
  margin-top: auto;
`;

function PlanCard({ offer, href }: { offer: PlanOffer; href: string }) {
  const headingId = `plan-${offer.plan.toLowerCase()}`;
  return (
    <StyledPlan $highlighted={offer.highlighted} aria-labelledby={headingId}>
      <StyledPlanTop>
        <h2 id={headingId}>{offer.name}</h2>
        {offer.highlighted && <Badge variant="default">Most popular</Badge>}
      </StyledPlanTop>
      <StyledPrice>
        <strong>{offer.monthlyPriceUsd === null ? '$0' : `$${offer.monthlyPriceUsd}`}</strong>
        <span>{offer.priceNote}</span>
      </StyledPrice>
      <StyledTagline>{offer.tagline}</StyledTagline>
      <ul aria-label={`${offer.name} includes`}>
        {offer.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <StyledPush>
        <Button as={Link} to={href} fullWidth variant={offer.highlighted ? 'primary' : 'outline'}>
          {offer.checkoutType ? `Choose ${offer.name}` : 'Start for free'}
        </Button>
      </StyledPush>
    </StyledPlan>
  );
}

/** /pricing: the four plans of SPEC.md 1. */
export function PricingPage({
  freeHref,
  planHref,
  pricingHref,
  privacyHref,
  termsHref,
}: PricingPageProps) {
  return (
    <main>
      <StyledContainer>
        <StyledHeader>
          <StyledEyebrow>Pricing</StyledEyebrow>
          <StyledPageTitle>Start free. Pay as Mason does more.</StyledPageTitle>
          <StyledLead>
            Every plan has the chat, the live preview and versions that lose nothing. Change or
            cancel any time.
          </StyledLead>
        </StyledHeader>
        <StyledPlans>
          {PLAN_OFFERS.map((offer) => (
            <PlanCard
              key={offer.plan}
              offer={offer}
              href={offer.checkoutType ? planHref(offer.checkoutType) : freeHref}
            />
          ))}
        </StyledPlans>
      </StyledContainer>
      <SiteFooter pricingHref={pricingHref} privacyHref={privacyHref} termsHref={termsHref} />
    </main>
  );
}
