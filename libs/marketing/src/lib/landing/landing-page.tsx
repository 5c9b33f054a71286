import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PRODUCT_DESCRIPTION } from '@mason/contract';
import { Button } from '@mason/ui-kit';
import { StyledContainer, StyledEyebrow, StyledLead, StyledPageTitle } from '../shared/page';
import { SiteFooter, type SiteFooterProps } from '../shared/site-footer';

export interface LandingPageProps extends SiteFooterProps {
  signupHref: string;
  /**
   * For a signed-in person: where to start building (the dashboard's prompt box), in place of
   * the sign-up and pricing buttons.
   */
  start?: ReactNode;
}

const StyledHero = styled.section`
  padding: ${({ theme }) => `${theme.space[20]} 0 ${theme.space[16]}`};
  background: radial-gradient(
    50rem 24rem at 50% 0%,
    ${({ theme }) => theme.colors.accent} 0%,
    transparent 70%
  );

  ${StyledContainer} {
    display: flex;
    flex-direction: column;
    align-items: center;
    text-align: center;
    gap: ${({ theme }) => theme.space[6]};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledStart = styled.div`
  max-width: 720px;
  margin: 0 auto;
  text-align: start;
`;

const StyledMock = styled.figure`
  margin: ${({ theme }) => theme.space[8]} 0 0;
  width: 100%;
  max-width: 56rem;
  display: grid;
  grid-template-columns: 1fr;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.card};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  overflow: hidden;
  text-align: left;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 2fr 3fr;
  }
`;

const StyledChat = styled.div`
  padding: ${({ theme }) => theme.space[5]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  ${({ theme }) => theme.media.md} {
    border-bottom: 0;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledBubble = styled.p<{ $mine?: boolean }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.primary : theme.colors.muted)};
  color: ${({ theme, $mine }) => ($mine ? theme.colors.primaryForeground : theme.colors.foreground)};
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 90%;
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
`;

const StyledPreview = styled.div`
  padding: ${({ theme }) => theme.space[5]};
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  grid-template-columns: repeat(3, 1fr);
  align-content: start;
  background: ${({ theme }) => theme.colors.background};
`;

const StyledTile = styled.div<{ $wide?: boolean; $tall?: boolean }>`
  grid-column: ${({ $wide }) => ($wide ? 'span 3' : 'span 1')};
  height: ${({ $tall }) => ($tall ? '7rem' : '3.5rem')};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.muted},
    ${({ theme }) => theme.colors.card}
  );
`;

const StyledFeatures = styled.section`
  padding: ${({ theme }) => `${theme.space[16]} 0`};
`;

const StyledFeatureGrid = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space[8]} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }

  li {
    padding: ${({ theme }) => theme.space[6]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.card};
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.typography.fontSizes.md};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
  }
`;

const StyledSectionTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
`;

const FEATURES = [
  {
    title: 'Describe it in plain words',
    text: 'Tell Mason what the tool should do. The task assistant plans it, writes the code, and tells you what it changed.',
  },
  {
    title: 'Watch it run beside the chat',
    text: 'Every change appears in a live preview, on desktop or mobile width, with the console one click away.',
  },
  {
    title: 'Point and change',
    text: 'Select any part of the preview and change its text, classes or style without writing a prompt.',
  },
  {
    title: 'Versions that lose nothing',
    text: 'Every step is a version. Go back to any of them; going back is itself a new version, so nothing is ever lost.',
  },
] as const;

/** / : what Mason is, and the way to start. */
export function LandingPage({
  signupHref,
  pricingHref,
  privacyHref,
  termsHref,
  start,
}: LandingPageProps) {
  return (
    <main>
      <StyledHero>
        <StyledContainer>
          <StyledEyebrow>The AI app builder</StyledEyebrow>
          <StyledPageTitle>
            Describe the software.
            <br />
            Mason builds it while you watch.
          </StyledPageTitle>
          <StyledLead>
            {PRODUCT_DESCRIPTION}. Chat with a task assistant that writes real React code, and see
            the running app appear beside the conversation.
          </StyledLead>
          {start ? (
            <StyledStart>{start}</StyledStart>
          ) : (
            <StyledActions>
              <Button as={Link} to={signupHref} size="lg">
                Start building for free
              </Button>
              <Button as={Link} to={pricingHref} size="lg" variant="outline">
                See pricing
              </Button>
            </StyledActions>
          )}
          <StyledMock aria-label="A Mason workspace: the chat on the left, the live preview on the right">
            <StyledChat aria-hidden="true">
              <StyledBubble $mine>
                Build an internal tool to approve expense reports, with a table and a detail view.
              </StyledBubble>
              <StyledBubble>
                Created the reports table, the detail drawer and the approve and reject actions. The
                preview is up to date.
              </StyledBubble>
              <StyledBubble $mine>Add a filter by team.</StyledBubble>
            </StyledChat>
            <StyledPreview aria-hidden="true">
              <StyledTile $wide />
              <StyledTile />
              <StyledTile />
              <StyledTile />
              <StyledTile $wide $tall />
            </StyledPreview>
          </StyledMock>
        </StyledContainer>
      </StyledHero>
      <StyledFeatures aria-labelledby="features-title">
        <StyledContainer>
          <StyledSectionTitle id="features-title">
            From idea to working tool in one conversation
          </StyledSectionTitle>
          <StyledFeatureGrid>
            {FEATURES.map((feature) => (
              <li key={feature.title}>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </StyledFeatureGrid>
        </StyledContainer>
      </StyledFeatures>
      <SiteFooter pricingHref={pricingHref} privacyHref={privacyHref} termsHref={termsHref} />
    </main>
  );
}
