import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRingStyles } from '../../utils/styles';
import { StyledTextLink } from '../text-link/text-link';

export interface MoreDetailsProps {
  /** The link's words: what the details tell ('How to use a real model'). */
  label: string;
  /** The details, shown under the line once the link is pressed. */
  children: ReactNode;
}

const StyledToggle = styled(StyledTextLink)`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  cursor: pointer;
  ${focusRingStyles}
`;

const StyledDetails = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space[1]};

  &[hidden] {
    display: none;
  }
`;

/**
 * A link-styled button at the end of a short line, and the details it shows and hides under it
 * (aria-expanded): a notice stays short, its long text one press away.
 */
export function MoreDetails({ label, children }: MoreDetailsProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <StyledToggle
        as="button"
        type="button"
        $tone="inherit"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </StyledToggle>
      <StyledDetails id={id} hidden={!open}>
        {children}
      </StyledDetails>
    </>
  );
}
