import { useId } from 'react';
import styled from 'styled-components';
import { useDownloadProjectCode } from '@mason/api-client';
import { Button, DownloadIcon, VisuallyHidden } from '@mason/ui-kit';

const StyledDownload = styled.div`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[1]};
`;

const StyledError = styled.p`
  max-width: 18rem;
  margin: 0;
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  text-align: right;
  overflow-wrap: anywhere;
`;

export interface DownloadCodeButtonProps {
  projectId: string;
}

/**
 * "Download code" in the workspace header: asks for a fresh link to the newest version's code
 * (a complete Vite + React + TypeScript project) and starts the download of the zip. Says
 * "Preparing…" meanwhile, and why below itself when it fails; clicking again tries again.
 */
export function DownloadCodeButton({ projectId }: DownloadCodeButtonProps) {
  const { download, preparing, error, started } = useDownloadProjectCode(projectId);
  const errorId = useId();
  return (
    <StyledDownload>
      <Button
        size="sm"
        variant="outline"
        leadingIcon={<DownloadIcon size={14} />}
        loading={preparing}
        loadingText="Preparing…"
        title="A zip of the app's code: run it with npm install && npm run dev"
        aria-describedby={error ? errorId : undefined}
        onClick={() => void download()}
      >
        Download code
      </Button>
      <VisuallyHidden role="status">{started ? 'The code is downloading.' : ''}</VisuallyHidden>
      {error && (
        <StyledError id={errorId} role="alert">
          The code could not be downloaded. {error.message}
        </StyledError>
      )}
    </StyledDownload>
  );
}
