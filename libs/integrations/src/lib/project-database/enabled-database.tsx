import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { DatabaseProvider, ProjectDatabase } from '@mason/contract';
import { useDetachDatabaseMutation } from '@mason/api-client';
import { Alert, Button, ConfirmDialog } from '@mason/ui-kit';
import { reasonOf } from '../shared/reason-of';
import { StyledActions } from '../shared/section-styles';
import { formatLongDate } from '../shared/format-date';
import { StyledText } from '../shared/plain-text';
import { StyledStack } from '../shared/section-styles';

const StyledSummary = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }
`;

const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }

  dd {
    min-width: 0;
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const StyledVariables = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  code {
    padding: 0 ${({ theme }) => theme.space[1]};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.muted};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.92em;
    overflow-wrap: anywhere;
  }
`;

/** What the app runs on, after "The database is on: ". */
const SUMMARIES: Record<DatabaseProvider, string> = {
  MASON:
    'the preview uses a development database, and the published app a production one of its own.',
  SUPABASE: 'the app keeps its data in the attached Supabase project.',
  POSTGRES: 'the app keeps its data in the attached PostgreSQL database.',
};

/** The name of each kind of database, as the section says it. */
export const PROVIDER_NAMES: Record<DatabaseProvider, string> = {
  MASON: 'Built-in database',
  SUPABASE: 'Supabase',
  POSTGRES: 'PostgreSQL',
};

export interface EnabledDatabaseProps {
  database: ProjectDatabase;
  /** Focus the summary when this appears (after turning the database on). */
  focusOnMount?: boolean;
  projectId: string;
  /** Called once an attached service is detached (with the project's database after it). */
  onDetached?: (database: ProjectDatabase | null) => void;
}

/**
 * The project's database, on: which one and since when, the environment variables Mason sets for
 * the app (it reads them with @supabase/supabase-js), and what the assistant does with it.
 */
export function EnabledDatabase({
  database,
  focusOnMount,
  projectId,
  onDetached,
}: EnabledDatabaseProps) {
  const summary = useRef<HTMLParagraphElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [detachError, setDetachError] = useState<string | null>(null);
  const [detach, detaching] = useDetachDatabaseMutation();
  const { attachment } = database;

  const confirmDetach = async () => {
    setDetachError(null);
    try {
      const answer = await detach({ projectId }).unwrap();
      setConfirming(false);
      onDetached?.(answer.database);
    } catch (failure) {
      setConfirming(false);
      setDetachError(reasonOf(failure, 'The database could not be detached. Try again.'));
    }
  };

  useEffect(() => {
    if (focusOnMount) summary.current?.focus();
  }, [focusOnMount]);

  return (
    <StyledStack>
      <StyledSummary ref={summary} tabIndex={-1}>
        The database is on: {SUMMARIES[database.provider]}
      </StyledSummary>
      <StyledDetails>
        <dt>Provider</dt>
        <dd>{PROVIDER_NAMES[database.provider]}</dd>
        {attachment && (
          <>
            {attachment.projectRef && (
              <>
                <dt>Project</dt>
                <dd>{attachment.projectRef}</dd>
              </>
            )}
            <dt>Server</dt>
            <dd>{attachment.host}</dd>
            <dt>Database</dt>
            <dd>
              {attachment.database} (as {attachment.user})
            </dd>
          </>
        )}
        <dt>On since</dt>
        <dd>
          <time dateTime={database.enabledAt}>{formatLongDate(database.enabledAt)}</time>
        </dd>
        <dt>Set for the app</dt>
        <dd>
          <StyledVariables aria-label="Environment variables Mason sets for the app">
            {database.envKeys.map((key) => (
              <li key={key}>
                <code>{key}</code>
              </li>
            ))}
          </StyledVariables>
        </dd>
      </StyledDetails>
      <StyledText>
        When you ask for data or sign-in, the assistant builds the tables, with rules on which rows
        each user may read and change.
        {attachment &&
          ' Reverting the preview takes its schema back too, by each migration’s undo file; its rows stay as they are, as Mason keeps no copy of a database it does not host.'}
      </StyledText>
      {detachError && (
        <Alert tone="error" title="The database is still attached">
          {detachError}
        </Alert>
      )}
      {attachment && (
        <StyledActions>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Detach database
          </Button>
        </StyledActions>
      )}
      {attachment && (
        <ConfirmDialog
          open={confirming}
          title={`Detach ${PROVIDER_NAMES[database.provider]}?`}
          description={`Mason forgets how to reach ${attachment.host}; nothing in that database is deleted. The app goes back to ${database.provider === 'MASON' ? 'its built-in database' : 'the built-in database if it had one, or to none'}, and its tables there stay as they are.`}
          confirmLabel="Detach"
          cancelLabel="Keep it attached"
          busyLabel="Detaching…"
          variant="destructive"
          busy={detaching.isLoading}
          onConfirm={() => void confirmDetach()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </StyledStack>
  );
}
