import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { floatingErrorStyles, Input } from '@mason/ui-kit';
import { readAddressInput } from '../preview-address/preview-address';

export interface AddressFieldProps {
  /** The app's page now ('/todos?done=1'); '' before the preview reports one. */
  readonly address: string;
  /** The preview's origin, to read full addresses typed in; null: the field is off. */
  readonly origin: string | null;
  /** Opens a page of the app (a path starting with '/'). */
  readonly onNavigate: (path: string) => void;
}

const StyledForm = styled.form`
  position: relative;
  flex: 1;
  min-width: 64px;
`;

const StyledProblem = styled.p`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  left: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  margin: 0;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2.5]}`};
  ${floatingErrorStyles}
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

/**
 * The preview's address bar: shows the app's path; Enter opens what was typed, Escape puts
 * the current page back. Mount it with `key={address}` so a new page replaces the draft.
 */
export function AddressField({ address, origin, onNavigate }: AddressFieldProps) {
  const [draft, setDraft] = useState(address);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!origin) return;
    const request = readAddressInput(draft, origin);
    if (request === null) {
      setDraft(address);
    } else if ('problem' in request) {
      setProblem(request.problem);
    } else {
      setProblem(null);
      onNavigate(request.path);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    setDraft(address);
    setProblem(null);
  };

  return (
    <StyledForm onSubmit={submit}>
      <Input
        size="sm"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        aria-label="Page address"
        title="The page of the app shown. Type a path and press Enter to open it."
        placeholder="/"
        disabled={!origin}
        value={draft}
        invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.target.select()}
      />
      {problem && (
        <StyledProblem id={problemId} role="alert">
          {problem}
        </StyledProblem>
      )}
    </StyledForm>
  );
}
