import { Link } from 'react-router';
import styled from 'styled-components';
import { PLAN_OFFERS, type CheckoutPlan, type Plan, type PlanOffer } from '@mason/contract';
import type { PlanFeature, PlanTerms, PricingTable } from '@mason/contract/billing';
import { Badge, Button } from '@mason/ui-kit';
import { StyledContainer, StyledEyebrow, StyledLead, StyledPageTitle } from '../shared/page';
import { SiteFooter, type SiteFooterProps } from '../shared/site-footer';

export interface PricingPageProps extends SiteFooterProps {
  /** Where the free plan leads (sign-up, or the dashboard for a signed-in person). */
  freeHref: string;
  /** Where choosing a paid plan leads; the plan is remembered through sign-up or login. */
  planHref: (plan: CheckoutPlan) => string;
  /** What each plan costs and includes: the server's table (GET /config), as it enforces it. */
  pricing: PricingTable;
  /** The signed-in person's plan, marked on its card; null for a visitor. */
  currentPlan?: Plan | null;
  /** Where a person's own plan leads (billing). */
  currentPlanHref?: string;
}

/** What each feature of the table is called on the page. */
const FEATURE_LINES: Readonly<Record<PlanFeature, string | null>> = {
  // The number of projects has its own line.
  projects: null,
  preview: 'Live preview of every version',
  visualEdits: 'Visual edits',
  publish: 'Publish to the web',
  envVariables: 'Environment variables and secrets',
  customDomains: 'Custom domains',
  buyCredits: 'Buy more credits any time',
  payAsYouGo: 'Pay as you go past the free credits',
};

const count = new Intl.NumberFormat('en-US');

/** A plan's lines: projects, monthly credits, then its features, all from the served table. */
function featureLines(terms: PlanTerms): string[] {
  const projects =
    terms.maxProjects === null
      ? 'Unlimited projects'
      : `${terms.maxProjects} ${terms.maxProjects === 1 ? 'project' : 'projects'}`;
  const credits = `${count.format(terms.monthlyCredits)} AI credits a month`;
  const features = terms.features.flatMap((feature) => FEATURE_LINES[feature] ?? []);
  return [projects, credits, ...features];
}

function dollars(cents: number): string {
  return `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
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

interface PlanCardProps {
  offer: PlanOffer;
  terms: PlanTerms;
  href: string;
  current: boolean;
}

function PlanCard({ offer, terms, href, current }: PlanCardProps) {
  const headingId = `plan-${offer.plan.toLowerCase()}`;
  const note =
    terms.features.includes('payAsYouGo') && terms.monthlyPriceCents === 0
      ? 'a month, plus what you use'
      : terms.monthlyPriceCents === 0
        ? 'forever'
        : 'per month';
  let action = offer.checkoutType ? `Choose ${offer.name}` : 'Start for free';
  if (current) action = 'Manage your plan';
  return (
    <StyledPlan $highlighted={offer.highlighted} aria-labelledby={headingId}>
      <StyledPlanTop>
        <h2 id={headingId}>{offer.name}</h2>
        {current ? (
          <Badge variant="success">Your plan</Badge>
        ) : (
          offer.highlighted && <Badge variant="default">Most popular</Badge>
        )}
      </StyledPlanTop>
      <StyledPrice>
        <strong>{dollars(terms.monthlyPriceCents)}</strong>
        <span>{note}</span>
      </StyledPrice>
      <StyledTagline>{offer.tagline}</StyledTagline>
      <ul aria-label={`${offer.name} includes`}>
        {featureLines(terms).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <StyledPush>
        <Button
          as={Link}
          to={href}
          fullWidth
          variant={offer.highlighted && !current ? 'primary' : 'outline'}
        >
          {action}
        </Button>
      </StyledPush>
    </StyledPlan>
  );
}

/**
 * /pricing: the four plans of SPEC.md 1, with the prices, credits and features the server
 * enforces; a signed-in person sees their own plan marked.
 */
export function PricingPage({
  freeHref,
  planHref,
  pricing,
  currentPlan = null,
  currentPlanHref,
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
            Every plan has the chat, the live preview and versions that lose nothing. A credit is
            one cent of AI use. Change or cancel any time.
          </StyledLead>
        </StyledHeader>
        <StyledPlans>
          {PLAN_OFFERS.map((offer) => {
            const current = offer.plan === currentPlan;
            const href = offer.checkoutType ? planHref(offer.checkoutType) : freeHref;
            return (
              <PlanCard
                key={offer.plan}
                offer={offer}
                terms={pricing.plans[offer.plan]}
                current={current}
                href={current && currentPlanHref ? currentPlanHref : href}
              />
            );
          })}
        </StyledPlans>
      </StyledContainer>
      <SiteFooter pricingHref={pricingHref} privacyHref={privacyHref} termsHref={termsHref} />
    </main>
  );
}
