import { useId } from 'react';
import styled from 'styled-components';
import type { Project } from '@mason/contract';
import { useDownloadProjectCode } from '@mason/api-client';
import { Button, DownloadIcon, VisuallyHidden } from '@mason/ui-kit';

/** On its own line below the card's buttons (order), whatever comes after it in the row. */
const StyledError = styled.p`
  order: 1;
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  overflow-wrap: anywhere;
`;

export interface DownloadCodeButtonProps {
  project: Pick<Project, 'id' | 'name'>;
}

/**
 * "Download code" on a project card: asks for a fresh link to the newest version's code and
 * starts the download of the zip; says "Preparing…" meanwhile, and why below the buttons when it
 * fails (clicking again tries again). Meant for a wrapping flex row (the card's actions).
 */
export function DownloadCodeButton({ project }: DownloadCodeButtonProps) {
  const { download, preparing, error, started } = useDownloadProjectCode(project.id);
  const errorId = useId();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        leadingIcon={<DownloadIcon />}
        loading={preparing}
        loadingText="Preparing…"
        aria-label={`Download the code of ${project.name}`}
        aria-describedby={error ? errorId : undefined}
        onClick={() => void download()}
      >
        Download code
      </Button>
      <VisuallyHidden role="status">
        {started ? `The code of ${project.name} is downloading.` : ''}
      </VisuallyHidden>
      {error && (
        <StyledError id={errorId} role="alert">
          The code could not be downloaded. {error.message}
        </StyledError>
      )}
    </>
  );
}
