import { useState } from 'react';
import styled from 'styled-components';
import { DomainRequestSchema } from '@mason/contract';
import { isApiError, useAddProjectDomainMutation } from '@mason/api-client';
import { Alert, Button, PlusIcon, TextField, useContractForm } from '@mason/ui-kit';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};

  > :first-child {
    flex: 1 1 18rem;
  }

  /* The button lines up with the input, under the label. */
  > button {
    margin-top: 1.6rem;
  }
`;

export interface AddDomainFormProps {
  projectId: string;
  /** Called with the domain once it is added (the list shows it). */
  onAdded?: (domain: string) => void;
}

/** Adds a domain: checked with the contract's DomainNameSchema before it is sent. */
export function AddDomainForm({ projectId, onAdded }: AddDomainFormProps) {
  const [add, { isLoading }] = useAddProjectDomainMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(DomainRequestSchema, { domain: '' });

  const onSubmit = form.handleSubmit(async ({ domain }) => {
    setError(null);
    try {
      const added = await add({ projectId, domain }).unwrap();
      form.setValue('domain', '');
      onAdded?.(added.domain);
    } catch (caught) {
      if (isApiError(caught) && caught.fieldErrors?.['domain']) {
        form.showServerErrors(caught.fieldErrors);
      } else {
        setError(
          isApiError(caught) ? caught.message : 'Mason could not add the domain. Please try again.',
        );
      }
    }
  });

  return (
    <StyledForm onSubmit={onSubmit} noValidate aria-label="Add a domain">
      {error && <Alert tone="error">{error}</Alert>}
      <StyledRow>
        <TextField
          label="Domain"
          hint="A domain or subdomain you own, like shop.example.com."
          placeholder="shop.example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          {...form.field('domain')}
        />
        <Button
          type="submit"
          leadingIcon={<PlusIcon size={16} />}
          loading={isLoading}
          loadingText="Adding…"
        >
          Add domain
        </Button>
      </StyledRow>
    </StyledForm>
  );
}
