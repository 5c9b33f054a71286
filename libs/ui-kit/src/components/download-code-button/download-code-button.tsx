import { useId } from 'react';
import styled, { css } from 'styled-components';
import { DownloadIcon } from '../../icons/icons';
import { CloseIcon } from '../../icons/notice-icons';
import { floatingErrorStyles, visuallyHiddenStyles } from '../../utils/styles';
import { VisuallyHidden } from '../../utils/visually-hidden';
import { Button } from '../button/button';

/** Where the button stands, which decides how it says that the download failed. */
export type DownloadCodePlacement = 'row' | 'bar';

/** What the download is doing: the shape of `useDownloadProjectCode` (api-client). */
export interface DownloadCodeState {
  /** Asks for a fresh link and starts the browser's download of the zip. */
  download: () => unknown;
  /** Asking the server for the link. */
  preparing: boolean;
  /** The browser was given the zip. */
  started: boolean;
  /** Why the last try failed; null when it did not. */
  error: { message: string } | null;
  /** Closes the failure's message. */
  dismiss: () => void;
}

export interface DownloadCodeButtonProps {
  code: DownloadCodeState;
  /**
   * The project's name, where the page lists several (a project card): the button's name and
   * its messages say which project ("Download code of Mug shop").
   */
  projectName?: string;
  /**
   * `row`: in a wrapping flex row (a card's actions), the failure on a line of its own below the
   * row. `bar`: in a header, the icon alone on a phone (the words are still read), the failure in
   * a closable callout below the button, over what lies below the bar.
   */
  placement?: DownloadCodePlacement;
}

const StyledDownload = styled.div<{ $placement: DownloadCodePlacement }>`
  display: contents;
  ${({ $placement }) =>
    $placement === 'bar' &&
    css`
      position: relative;
      display: inline-flex;
    `}
`;

/** On a phone the bar keeps room for what stands beside it: the icon shows, the words are read. */
const StyledLabel = styled.span<{ $placement: DownloadCodePlacement }>`
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    ${({ $placement }) => $placement === 'bar' && visuallyHiddenStyles}
  }
`;

const StyledError = styled.div<{ $placement: DownloadCodePlacement }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }

  ${({ $placement, theme }) =>
    $placement === 'row'
      ? css`
          /* On its own line below the row's buttons, whatever comes after it in the row. */
          order: 1;
          flex-basis: 100%;
          color: ${theme.colors.destructiveText};
        `
      : css`
          position: absolute;
          top: calc(100% + ${theme.space[2]});
          right: 0;
          z-index: ${theme.zIndices.dropdown};
          width: max-content;
          max-width: min(20rem, calc(100vw - ${theme.space[8]}));
          padding: ${`${theme.space[2]} ${theme.space[2]} ${theme.space[2]} ${theme.space[3]}`};
          ${floatingErrorStyles}
          font-size: ${theme.typography.fontSizes.sm};
          line-height: ${theme.typography.lineHeights.normal};
        `}
`;

/**
 * "Download code": asks for a fresh link to the newest version's code (a complete Vite + React +
 * TypeScript project) and starts the download of the zip. Says "Preparing…" meanwhile, and why it
 * failed beside itself (clicking again tries again; the message can be closed). Its name is its
 * visible words, with the project's name after them when there is one.
 */
export function DownloadCodeButton({
  code,
  projectName,
  placement = 'row',
}: DownloadCodeButtonProps) {
  const errorId = useId();
  // Read after the visible words only: "Download code of Mug shop", "Preparing… the code of …".
  const which = (words: string) =>
    projectName ? <VisuallyHidden>{` ${words} ${projectName}`}</VisuallyHidden> : null;
  const subject = projectName ? `The code of ${projectName}` : 'The code';
  return (
    <StyledDownload $placement={placement}>
      <Button
        size="sm"
        variant={placement === 'bar' ? 'outline' : 'ghost'}
        leadingIcon={<DownloadIcon size={placement === 'bar' ? 14 : undefined} />}
        loading={code.preparing}
        loadingText={
          <>
            <StyledLabel $placement={placement}>Preparing…</StyledLabel>
            {which('the code of')}
          </>
        }
        title="A zip of the app's code: run it with npm install && npm run dev"
        aria-describedby={code.error ? errorId : undefined}
        onClick={() => void code.download()}
      >
        <StyledLabel $placement={placement}>Download code</StyledLabel>
        {which('of')}
      </Button>
      <VisuallyHidden role="status">
        {code.started ? `${subject} is downloading.` : ''}
      </VisuallyHidden>
      {code.error && (
        <StyledError $placement={placement} role="alert">
          <p id={errorId}>The code could not be downloaded. {code.error.message}</p>
          {placement === 'bar' && (
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label="Close the message"
              title="Close"
              onClick={code.dismiss}
            >
              <CloseIcon size={14} />
            </Button>
          )}
        </StyledError>
      )}
    </StyledDownload>
  );
}
