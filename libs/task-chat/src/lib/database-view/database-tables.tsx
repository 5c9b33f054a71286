import { useId, useState } from 'react';
import styled from 'styled-components';
import { useGetDatabaseTablesQuery } from '@mason/api-client';
import { EmptyState, Spinner, focusRingStyles } from '@mason/ui-kit';
import { StyledCenter, StyledMuted } from './database-view.styles';
import { LoadProblem } from './load-problem';
import { TableRows } from './table-rows';

const StyledLayout = styled.div`
  display: grid;
  grid-template-columns: minmax(160px, 220px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  min-height: 0;

  /* A phone: the tables above the rows of the one chosen. */
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[0.5]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledTableButton = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.foreground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  ${focusRingStyles}

  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.muted};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

export interface DatabaseTablesProps {
  projectId: string;
}

const rowsText = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

/** The app's tables with their row counts; the one picked shows its rows beside. */
export function DatabaseTables({ projectId }: DatabaseTablesProps) {
  const tables = useGetDatabaseTablesQuery({ projectId });
  const [picked, setPicked] = useState<string | null>(null);
  const listId = useId();

  if (tables.error !== undefined)
    return (
      <LoadProblem
        title="The tables could not be loaded"
        error={tables.error}
        onRetry={() => void tables.refetch()}
      />
    );
  if (!tables.data)
    return (
      <StyledCenter>
        <Spinner label="Loading the tables" />
      </StyledCenter>
    );
  const list = tables.data.tables;
  if (list.length === 0)
    return (
      <EmptyState
        titleAs="h3"
        title="No tables yet"
        description="Ask the assistant for data the app should keep: it writes a migration that makes the tables."
      />
    );
  const current = list.find((table) => table.name === picked) ?? list[0];
  return (
    <StyledLayout>
      <nav aria-labelledby={listId}>
        <StyledMuted id={listId}>Tables</StyledMuted>
        <StyledList>
          {list.map((table) => (
            <li key={table.name}>
              <StyledTableButton
                type="button"
                aria-current={table.name === current?.name}
                onClick={() => setPicked(table.name)}
              >
                <span>{table.name}</span>
                <StyledMuted>{rowsText(table.rowCount)}</StyledMuted>
              </StyledTableButton>
            </li>
          ))}
        </StyledList>
      </nav>
      {current && <TableRows key={current.name} projectId={projectId} table={current} />}
    </StyledLayout>
  );
}
