import styled from 'styled-components';
import { Tabs } from '@mason/ui-kit';
import { DatabaseMigrations } from './database-migrations';
import { DatabaseTables } from './database-tables';
import { DatabaseUsers } from './database-users';
import { SqlBox } from './sql-box';

const StyledView = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  height: 100%;
  min-height: 0;
  overflow: auto;
  padding: ${({ theme }) => theme.space[4]};

  h2 {
    font-size: ${({ theme }) => theme.typography.fontSizes.lg};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }

  h3 {
    font-size: ${({ theme }) => theme.typography.fontSizes.md};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

const StyledNote = styled.p`
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

export interface DatabaseViewProps {
  projectId: string;
}

/**
 * The workspace's Database view of the project's development database (the preview's): its
 * tables and their rows (sort, filter, page, edit as the owner), the app's users, the
 * migrations applied and a read-only SQL box.
 */
export function DatabaseView({ projectId }: DatabaseViewProps) {
  return (
    <StyledView>
      <h2>Database</h2>
      <StyledNote>
        The preview’s development database. Edits here are made as its owner and skip the row rules;
        the published app’s data is never touched.
      </StyledNote>
      <Tabs
        aria-label="Database"
        variant="underline"
        keepMounted
        items={[
          { id: 'tables', label: 'Tables', content: <DatabaseTables projectId={projectId} /> },
          { id: 'users', label: 'Users', content: <DatabaseUsers projectId={projectId} /> },
          {
            id: 'migrations',
            label: 'Migrations',
            content: <DatabaseMigrations projectId={projectId} />,
          },
          { id: 'sql', label: 'SQL', content: <SqlBox projectId={projectId} /> },
        ]}
      />
    </StyledView>
  );
}
