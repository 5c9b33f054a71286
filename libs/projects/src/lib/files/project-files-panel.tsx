import { useEffect, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ProjectFile } from '@mason/contract';
import {
  isApiError,
  useGetProjectFilePathsQuery,
  useGetProjectFilesQuery,
} from '@mason/api-client';
import { Badge, Button, EmptyState, FolderIcon, Spinner } from '@mason/ui-kit';
import { CodeView } from '../code-view/code-view';
import { defaultFile } from '../file-tree/file-tree-model';
import { FileTree } from '../file-tree/file-tree';

const StyledPanel = styled.section`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 24rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};
  overflow: hidden;
`;

const StyledBody = styled.div`
  flex: 1;
  min-height: 0;
  display: grid;
  grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr);

  ${({ theme }) => `@media (max-width: ${theme.breakpoints.md})`} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: minmax(8rem, 35%) minmax(0, 1fr);
  }
`;

const StyledSidebar = styled.nav`
  min-height: 0;
  overflow: auto;
  border-right: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => `@media (max-width: ${theme.breakpoints.md})`} {
    border-right: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledViewer = styled.div`
  min-width: 0;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

const StyledViewerHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledPath = styled.p`
  margin: 0;
  min-width: 0;
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledFacts = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledPanelTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledCentered = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-align: center;

  img {
    max-width: 100%;
    max-height: 60vh;
    object-fit: contain;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** "2.4 KB", "812 bytes". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const problemOf = (error: unknown) =>
  isApiError(error) ? error.message : 'Something went wrong. Please try again.';

function FileBody({ file }: { file: ProjectFile }) {
  if (file.encoding === 'utf8') return <CodeView path={file.path} content={file.content} />;
  const extension = file.path.split('.').pop()?.toLowerCase() ?? '';
  const imageType = IMAGE_TYPES[extension];
  if (imageType)
    return (
      <StyledCentered>
        <img src={`data:${imageType};base64,${file.content}`} alt={file.path} />
      </StyledCentered>
    );
  return (
    <StyledCentered>
      <p>This is a binary file ({formatSize(file.size)}); it cannot be shown as text.</p>
    </StyledCentered>
  );
}

function FileViewer({
  projectId,
  path,
  versionLabel,
}: {
  projectId: string;
  path: string;
  versionLabel: string | null;
}) {
  const { data, error, isFetching, isError, refetch } = useGetProjectFilesQuery({
    projectId,
    filePath: path,
  });
  const file = data?.files.find((candidate) => candidate.path === path);
  const lineCount =
    file?.encoding === 'utf8'
      ? file.content.split('\n').length - (file.content.endsWith('\n') ? 1 : 0)
      : null;

  let body: ReactNode;
  if (isError && !file) {
    body = (
      <StyledCentered role="alert">
        <p>
          {path} could not be loaded. {problemOf(error)}
        </p>
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </StyledCentered>
    );
  } else if (!file && isFetching) {
    body = (
      <StyledCentered>
        <Spinner size="md" label={`Loading ${path}`} />
      </StyledCentered>
    );
  } else if (!file) {
    body = (
      <StyledCentered>
        <p>{path} is not in this version any more.</p>
      </StyledCentered>
    );
  } else {
    body = <FileBody file={file} />;
  }

  return (
    <StyledViewer aria-busy={isFetching || undefined}>
      <StyledViewerHeader>
        <StyledPath title={path}>{path}</StyledPath>
        <StyledFacts>
          {file ? (
            <span>
              {lineCount !== null ? `${lineCount} ${lineCount === 1 ? 'line' : 'lines'} · ` : ''}
              {formatSize(file.size)}
            </span>
          ) : null}
          {versionLabel ? <Badge variant="outline">{versionLabel}</Badge> : null}
        </StyledFacts>
      </StyledViewerHeader>
      {body}
    </StyledViewer>
  );
}

export interface ProjectFilesPanelProps {
  projectId: string;
  /** The file to show (controlled); else the panel picks one and keeps the choice itself. */
  selectedPath?: string | null;
  /** Called when the person opens another file. */
  onSelectPath?: (path: string) => void;
  /** The heading level of the panel's title. Default: h2. */
  titleLevel?: 'h2' | 'h3';
  className?: string;
}

/**
 * The files of a project's newest version, read-only: a keyboard-navigable tree and the chosen
 * file with line numbers and syntax highlighting. It refreshes when a new version is made.
 */
export function ProjectFilesPanel({
  projectId,
  selectedPath,
  onSelectPath,
  titleLevel = 'h2',
  className,
}: ProjectFilesPanelProps) {
  const { data, error, isLoading, isFetching, isError, refetch } =
    useGetProjectFilePathsQuery(projectId);
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const paths = data?.filePaths ?? [];
  const wanted = selectedPath !== undefined ? selectedPath : ownSelection;
  const selected = wanted && paths.includes(wanted) ? wanted : defaultFile(paths);

  // Tell the owner which file is shown when the panel chose it (first load, a file that went away).
  useEffect(() => {
    if (selected && selected !== wanted && selectedPath !== undefined) onSelectPath?.(selected);
  }, [selected, wanted, selectedPath, onSelectPath]);

  const select = (path: string) => {
    setOwnSelection(path);
    onSelectPath?.(path);
  };

  const versionLabel =
    data?.versionIndex !== undefined && data.versionIndex !== null
      ? `Version ${data.versionIndex}`
      : data?.versionId
        ? 'Newest version'
        : null;
  const titleId = useId();

  let body: ReactNode;
  if (isLoading) {
    body = (
      <StyledCentered>
        <Spinner size="md" label="Loading the project's files" />
        <span aria-hidden="true">Loading the project’s files…</span>
      </StyledCentered>
    );
  } else if (isError && !data) {
    body = (
      <EmptyState
        title="The files could not be loaded"
        description={problemOf(error)}
        action={
          <Button onClick={() => void refetch()} loading={isFetching} loadingText="Trying again…">
            Try again
          </Button>
        }
      />
    );
  } else if (!data?.versionId || paths.length === 0) {
    body = (
      <EmptyState
        icon={<FolderIcon />}
        title="No files yet"
        description="Mason writes the project’s first version when its first task runs. Its files will show here."
      />
    );
  } else {
    body = (
      <StyledBody>
        <StyledSidebar aria-label="Project files">
          <FileTree paths={paths} selectedPath={selected} onSelect={select} label="Files" />
        </StyledSidebar>
        {selected ? (
          <FileViewer projectId={projectId} path={selected} versionLabel={versionLabel} />
        ) : null}
      </StyledBody>
    );
  }

  return (
    <StyledPanel aria-labelledby={titleId} className={className}>
      <StyledViewerHeader>
        <StyledPanelTitle as={titleLevel} id={titleId}>
          Files
        </StyledPanelTitle>
        {versionLabel && paths.length > 0 ? (
          <StyledFacts>
            {paths.length} {paths.length === 1 ? 'file' : 'files'}
          </StyledFacts>
        ) : null}
      </StyledViewerHeader>
      {body}
    </StyledPanel>
  );
}
