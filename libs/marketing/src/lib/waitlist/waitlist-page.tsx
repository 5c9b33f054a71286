import { useState } from 'react';
import styled from 'styled-components';
import { WaitlistRequestSchema } from '@mason/contract';
import { isApiError, useJoinWaitlistMutation } from '@mason/api-client';
import { Alert, Button, TextField, useContractForm } from '@mason/ui-kit';
import { StyledContainer, StyledEyebrow, StyledLead, StyledPageTitle } from '../shared/page';

const StyledSection = styled.section`
  padding: ${({ theme }) => `${theme.space[20]} 0`};

  ${StyledContainer} {
    max-width: 36rem;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[6]};
  }
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};

  ${({ theme }) => theme.media.sm} {
    flex-direction: row;
    align-items: flex-start;

    & > :first-child {
      flex: 1;
    }
    & > button {
      margin-top: 1.75rem;
    }
  }
`;

/** /waitlist: collects e-mail addresses while sign-ups are closed. */
export function WaitlistPage() {
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const [joined, setJoined] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(WaitlistRequestSchema, { email: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await join(body).unwrap();
      setJoined(body.email);
    } catch (caught) {
      setError(
        isApiError(caught)
          ? caught.message
          : 'Mason could not add you to the list. Please try again.',
      );
    }
  });

  return (
    <main>
      <StyledSection aria-labelledby="waitlist-title">
        <StyledContainer>
          <StyledEyebrow>Waitlist</StyledEyebrow>
          <StyledPageTitle id="waitlist-title">Get early access to Mason</StyledPageTitle>
          <StyledLead>
            We open new places every week. Leave your e-mail and we will write when yours is ready.
            Nothing else.
          </StyledLead>
          {joined ? (
            <Alert tone="success" title="You are on the list">
              We will write to {joined} when a place opens.
            </Alert>
          ) : (
            <>
              {error && <Alert tone="error">{error}</Alert>}
              <StyledForm onSubmit={onSubmit} noValidate aria-label="Join the waitlist">
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  {...form.field('email')}
                />
                <Button type="submit" loading={isLoading} loadingText="Joining…">
                  Join the waitlist
                </Button>
              </StyledForm>
            </>
          )}
        </StyledContainer>
      </StyledSection>
    </main>
  );
}
