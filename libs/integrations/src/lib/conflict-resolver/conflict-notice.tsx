import { useState } from 'react';
import styled from 'styled-components';
import type { CodeHostingConflict } from '@mason/contract';
import { Alert, Button } from '@mason/ui-kit';
import { ConflictResolverDialog } from './conflict-resolver-dialog';

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[1]};
`;

const StyledFiles = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[0.5]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  list-style: disc;

  code {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.92em;
    overflow-wrap: anywhere;
  }
`;

const StyledParagraph = styled.p`
  margin: 0;
`;

const StyledAction = styled.div`
  margin-top: ${({ theme }) => theme.space[1]};
`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "src/App.tsx", "a.ts and b.ts", "a.ts, b.ts and c.ts". */
export const listOfFiles = (files: readonly string[]): string =>
  files.length <= 1
    ? (files[0] ?? '')
    : `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;

export interface ConflictNoticeProps {
  projectId: string;
  conflict: CodeHostingConflict;
  /** The merge was made (see ConflictResolverDialog). */
  onResolved: (assistantFiles: string[]) => void;
}

/**
 * The files Mason and GitHub both changed, what each side has that the other has not, that
 * nothing is lost, and "Resolve conflicts", which opens the dialog to choose.
 */
export function ConflictNotice({ projectId, conflict, onResolved }: ConflictNoticeProps) {
  const [open, setOpen] = useState(false);
  const { files, githubCommits, masonVersions } = conflict;
  return (
    <>
      <Alert
        tone="warning"
        title={`Mason and GitHub both changed ${count(files.length, 'file', 'files')}`}
      >
        <StyledBody>
          <StyledFiles>
            {files.map((path) => (
              <li key={path}>
                <code>{path}</code>
              </li>
            ))}
          </StyledFiles>
          <StyledParagraph>
            Since they last matched, GitHub has {count(githubCommits, 'new commit', 'new commits')}{' '}
            and Mason has {count(masonVersions, 'new version', 'new versions')}. Mason pushes
            nothing until you choose what to keep of each file.
          </StyledParagraph>
          <StyledParagraph>Nothing is lost: both sides are kept.</StyledParagraph>
          <StyledAction>
            <Button size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              Resolve conflicts
            </Button>
          </StyledAction>
        </StyledBody>
      </Alert>
      <ConflictResolverDialog
        projectId={projectId}
        open={open}
        onClose={() => setOpen(false)}
        onResolved={(assistantFiles) => {
          setOpen(false);
          onResolved(assistantFiles);
        }}
      />
    </>
  );
}

export interface MergingNoticeProps {
  files: readonly string[];
}

/** A merge left to the assistant: Mason pushes it once the conflict markers are gone. */
export function MergingNotice({ files }: MergingNoticeProps) {
  return (
    <Alert tone="info">
      The assistant is merging {listOfFiles(files)}. Mason pushes the merge once the conflict
      markers are gone.
    </Alert>
  );
}
