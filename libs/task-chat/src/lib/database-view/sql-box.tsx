import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRunDatabaseSqlMutation } from '@mason/api-client';
import { DATABASE_SQL_MAX_ROWS } from '@mason/contract';
import { Alert, Button, FormField, Textarea } from '@mason/ui-kit';
import { cellText } from './cell-text';
import {
  StyledDataTable,
  StyledMuted,
  StyledNull,
  StyledSection,
  StyledTableScroll,
  StyledToolbar,
} from './database-view.styles';
import { problemText } from './load-problem';

export interface SqlBoxProps {
  projectId: string;
}

/**
 * One read-only SQL statement on the development database (Run, or Ctrl/⌘+Enter): its rows (the
 * first 500), or PostgreSQL's words when it refuses (any write does).
 */
export function SqlBox({ projectId }: SqlBoxProps) {
  const [sql, setSql] = useState('');
  const [run, result] = useRunDatabaseSqlMutation();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sql.trim() === '' || result.isLoading) return;
    void run({ projectId, sql });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const data = result.data;
  return (
    <StyledSection>
      <form onSubmit={submit} aria-label="Read-only SQL">
        <FormField
          label="SQL"
          hint={`Read-only: one statement, at most ${DATABASE_SQL_MAX_ROWS} rows. Ctrl+Enter runs it.`}
        >
          <Textarea
            rows={5}
            spellCheck={false}
            placeholder="select * from notes limit 10"
            value={sql}
            onChange={(event) => setSql(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </FormField>
        <StyledToolbar>
          <Button type="submit" size="sm" disabled={sql.trim() === ''} aria-busy={result.isLoading}>
            {result.isLoading ? 'Running…' : 'Run'}
          </Button>
        </StyledToolbar>
      </form>
      {result.error !== undefined && (
        <Alert tone="error" title="The statement was not run">
          {problemText(result.error)}
        </Alert>
      )}
      {data && !result.isLoading && result.error === undefined && (
        <div role="status" aria-live="polite">
          {data.rows.length === 0 ? (
            <StyledMuted>The statement returned no rows.</StyledMuted>
          ) : (
            <StyledMuted>
              {data.truncated
                ? `Showing the first ${data.rows.length} rows.`
                : data.rows.length === 1
                  ? '1 row.'
                  : `${data.rows.length} rows.`}
            </StyledMuted>
          )}
        </div>
      )}
      {data && data.rows.length > 0 && result.error === undefined && (
        <StyledTableScroll>
          <StyledDataTable aria-label="Result">
            <thead>
              <tr>
                {data.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row, index) => (
                <tr key={index}>
                  {data.columns.map((column) => {
                    const value = row[column] ?? null;
                    return (
                      <td key={column}>
                        {value === null ? <StyledNull>NULL</StyledNull> : cellText(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </StyledDataTable>
        </StyledTableScroll>
      )}
    </StyledSection>
  );
}
