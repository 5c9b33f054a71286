import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AppSlugSchema, OLD_SLUG_REDIRECT_DAYS } from '@mason/contract';
import { isApiError, useChangeAppSlugMutation } from '@mason/api-client';
import { Button, PencilIcon, TextField, useFocusAfterClose } from '@mason/ui-kit';
import { addressSuffixOf, hostOf } from './publish-state';

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const StyledHost = styled.code`
  flex: 1 1 12rem;
  min-width: 0;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const REDIRECT_NOTE = `The old address keeps redirecting to the new one for ${OLD_SLUG_REDIRECT_DAYS} days, and nobody else can take it meanwhile.`;

export interface AppAddressProps {
  projectId: string;
  /** The app's name in its address. */
  slug: string;
  /** The app's public address. */
  url: string;
}

/** The app's public address, and a way to change its name (the old address redirects). */
export function AppAddress({ projectId, slug, url }: AppAddressProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(slug);
  const [error, setError] = useState<string | null>(null);
  const [changeSlug, changing] = useChangeAppSlugMutation();
  const changeButton = useRef<HTMLButtonElement>(null);
  const suffix = addressSuffixOf(url, slug);

  const focusChangeButton = useFocusAfterClose(editing, changeButton);
  const close = () => {
    setEditing(false);
    setError(null);
    focusChangeButton();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AppSlugSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    if (parsed.data === slug) {
      close();
      return;
    }
    try {
      await changeSlug({ projectId, slug: parsed.data }).unwrap();
      close();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      // The server's words: a taken name, an app not published, too many changes today.
      setError(failure.fieldErrors?.['slug'] ?? failure.message);
    }
  };

  if (!editing)
    return (
      <StyledRow>
        <StyledHost>{hostOf(url)}</StyledHost>
        <Button
          ref={changeButton}
          size="sm"
          variant="ghost"
          leadingIcon={<PencilIcon size={14} />}
          onClick={() => {
            setValue(slug);
            setEditing(true);
          }}
        >
          Change the name
        </Button>
      </StyledRow>
    );

  return (
    <StyledForm
      aria-label="Change the app’s name"
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <TextField
        label="App name"
        hint={
          suffix ? `The address becomes ${value.trim().toLowerCase() || '…'}${suffix}` : undefined
        }
        size="sm"
        value={value}
        error={error ?? undefined}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Closes the edit, not the dialog around it.
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
      />
      <StyledNote>{REDIRECT_NOTE}</StyledNote>
      <StyledRow>
        <Button type="submit" size="sm" loading={changing.isLoading} loadingText="Saving…">
          Save
        </Button>
        <Button size="sm" variant="ghost" disabled={changing.isLoading} onClick={close}>
          Cancel
        </Button>
      </StyledRow>
    </StyledForm>
  );
}
