import styled from 'styled-components';
import { useGetDatabaseMigrationsQuery } from '@mason/api-client';
import { EmptyState, Spinner, formatDateTime } from '@mason/ui-kit';
import { StyledCenter, StyledMuted } from './database-view.styles';
import { LoadProblem } from './load-problem';

const StyledList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[6]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  code {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
  }
`;

export interface DatabaseMigrationsProps {
  projectId: string;
}

/** The migrations (db/migrations/*.sql) applied to the development database, in order. */
export function DatabaseMigrations({ projectId }: DatabaseMigrationsProps) {
  const migrations = useGetDatabaseMigrationsQuery({ projectId });
  if (migrations.error !== undefined)
    return (
      <LoadProblem
        title="The migrations could not be loaded"
        error={migrations.error}
        onRetry={() => void migrations.refetch()}
      />
    );
  if (!migrations.data)
    return (
      <StyledCenter>
        <Spinner label="Loading the migrations" />
      </StyledCenter>
    );
  if (migrations.data.migrations.length === 0)
    return (
      <EmptyState
        titleAs="h3"
        title="No migrations applied yet"
        description="The assistant writes them in db/migrations and applies them as it builds."
      />
    );
  return (
    <StyledList aria-label="Migrations applied">
      {migrations.data.migrations.map((migration) => (
        <li key={migration.name}>
          <code>{migration.name}</code>{' '}
          <StyledMuted>applied {formatDateTime(migration.appliedAt)}</StyledMuted>
        </li>
      ))}
    </StyledList>
  );
}
