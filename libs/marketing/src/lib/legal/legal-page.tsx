import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StyledContainer, StyledEyebrow, StyledPageTitle } from '../shared/page';

const StyledArticle = styled.article`
  padding: ${({ theme }) => `${theme.space[16]} 0`};

  ${StyledContainer} {
    max-width: 46rem;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[4]};
  }
  h2 {
    margin: ${({ theme }) => theme.space[6]} 0 0;
    font-size: ${({ theme }) => theme.typography.fontSizes.xl};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }
  p,
  li {
    margin: 0;
    color: ${({ theme }) => theme.colors.mutedForeground};
    line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[6]};
  }
`;

export interface LegalSection {
  title: string;
  body: readonly ReactNode[];
}

function LegalPage({
  eyebrow,
  title,
  updated,
  sections,
}: {
  eyebrow: string;
  title: string;
  updated: string;
  sections: readonly LegalSection[];
}) {
  return (
    <main>
      <StyledArticle aria-labelledby="legal-title">
        <StyledContainer>
          <StyledEyebrow>{eyebrow}</StyledEyebrow>
          <StyledPageTitle id="legal-title">{title}</StyledPageTitle>
          <p>Last updated {updated}.</p>
          {sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.body.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          ))}
        </StyledContainer>
      </StyledArticle>
    </main>
  );
}

const PRIVACY: readonly LegalSection[] = [
  {
    title: 'What we keep',
    body: [
      'Your account: name, e-mail address, a hash of your password (never the password itself), and how you heard of Mason if you tell us.',
      'Your work: the projects you create, the messages you send to the task assistant, the files and versions it makes, and the files you upload.',
    ],
  },
  {
    title: 'What we do with it',
    body: [
      'We use your work only to build and run your projects. Messages and files are sent to the language model you choose, to do the task you asked for.',
      'We send you e-mail only about your account: verification, password resets and changes to your subscription.',
    ],
  },
  {
    title: 'Analytics',
    body: [
      'If analytics are switched on for this Mason, we record which pages are opened. Session recordings mask every input and all text, so what you type is never recorded.',
    ],
  },
  {
    title: 'Your rights',
    body: [
      'You can change your details in settings, and ask us to export or delete your account and all its projects at any time.',
    ],
  },
];

const TERMS: readonly LegalSection[] = [
  {
    title: 'Your account',
    body: [
      'Keep your password to yourself. You are responsible for what is done with your account.',
    ],
  },
  {
    title: 'Your projects',
    body: [
      'What you build with Mason is yours: the code the task assistant writes for you belongs to you.',
      'Do not use Mason to build software that breaks the law or harms others.',
    ],
  },
  {
    title: 'Plans and payment',
    body: [
      'Paid plans renew each month until cancelled. Cancelling keeps the plan until the end of the period you paid for.',
      'When a plan’s usage limit is reached, new AI work waits until the limit resets or the plan changes.',
    ],
  },
  {
    title: 'Availability',
    body: [
      'We work to keep Mason running and your work safe, and we will tell you in advance before the service ends.',
    ],
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy policy"
      updated="1 November 2026"
      sections={PRIVACY}
    />
  );
}

export function TermsOfServicePage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of service"
      updated="1 November 2026"
      sections={TERMS}
    />
  );
}
