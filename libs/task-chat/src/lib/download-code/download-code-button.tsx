import { useId } from 'react';
import styled from 'styled-components';
import { useDownloadProjectCode } from '@mason/api-client';
import {
  Button,
  CloseIcon,
  DownloadIcon,
  floatingErrorStyles,
  VisuallyHidden,
  visuallyHiddenStyles,
} from '@mason/ui-kit';

const StyledDownload = styled.div`
  position: relative;
  display: inline-flex;
`;

/** On a phone the header keeps room for the project's name: the icon shows, the words are read. */
const StyledLabel = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    ${visuallyHiddenStyles}
  }
`;

/**
 * Why it failed, in a callout below the button: over what lies below the header rather than
 * pushing the header's other parts aside (on a phone there is no room beside the name).
 */
const StyledError = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[2]});
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  width: max-content;
  max-width: min(20rem, calc(100vw - ${({ theme }) => theme.space[8]}));
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]} ${theme.space[2]} ${theme.space[3]}`};
  ${floatingErrorStyles}
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export interface DownloadCodeButtonProps {
  projectId: string;
}

/**
 * "Download code" in the workspace header: asks for a fresh link to the newest version's code
 * (a complete Vite + React + TypeScript project) and starts the download of the zip. Says
 * "Preparing…" meanwhile, and why in a callout below itself when it fails (clicking again tries
 * again; the callout can be closed).
 */
export function DownloadCodeButton({ projectId }: DownloadCodeButtonProps) {
  const { download, preparing, error, started, dismiss } = useDownloadProjectCode(projectId);
  const errorId = useId();
  return (
    <StyledDownload>
      <Button
        size="sm"
        variant="outline"
        leadingIcon={<DownloadIcon size={14} />}
        loading={preparing}
        loadingText={<StyledLabel>Preparing…</StyledLabel>}
        title="A zip of the app's code: run it with npm install && npm run dev"
        aria-describedby={error ? errorId : undefined}
        onClick={() => void download()}
      >
        <StyledLabel>Download code</StyledLabel>
      </Button>
      <VisuallyHidden role="status">{started ? 'The code is downloading.' : ''}</VisuallyHidden>
      {error && (
        <StyledError role="alert">
          <p id={errorId}>The code could not be downloaded. {error.message}</p>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label="Close the message"
            title="Close"
            onClick={dismiss}
          >
            <CloseIcon size={14} />
          </Button>
        </StyledError>
      )}
    </StyledDownload>
  );
}
