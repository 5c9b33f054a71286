import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useGetDatabaseRowsQuery, useUpdateDatabaseRowMutation } from '@mason/api-client';
import type { DatabaseRow, DatabaseTable, SortDirection } from '@mason/contract';
import { Alert, Button, Input, Select, Spinner, VisuallyHidden } from '@mason/ui-kit';
import { cellText, valueOfText } from './cell-text';
import {
  StyledCenter,
  StyledDataTable,
  StyledMuted,
  StyledNull,
  StyledSection,
  StyledTableScroll,
  StyledToolbar,
} from './database-view.styles';
import { LoadProblem, problemText } from './load-problem';

/** Rows a page of the row browser. */
export const ROWS_PAGE_SIZE = 25;

export interface TableRowsProps {
  projectId: string;
  table: DatabaseTable;
}

interface Editing {
  /** The row's primary key values. */
  readonly key: Record<string, DatabaseRow[string]>;
  readonly column: string;
  readonly text: string;
  readonly toNull: boolean;
}

const keyOf = (table: DatabaseTable, row: DatabaseRow) =>
  Object.fromEntries(table.primaryKey.map((column) => [column, row[column] ?? null]));
const sameKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A table's rows: sorted by a click on a column's header (again: the other way), filtered by a
 * column's text, paged; with a primary key, each cell of another column edits in place as the
 * database's owner (Save or Enter, Cancel or Escape).
 */
export function TableRows({ projectId, table }: TableRowsProps) {
  const [order, setOrder] = useState<{ column: string; direction: SortDirection } | null>(null);
  const [filterColumn, setFilterColumn] = useState(table.columns[0]?.name ?? '');
  const [filterDraft, setFilterDraft] = useState('');
  const [filterValue, setFilterValue] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [update, updating] = useUpdateDatabaseRowMutation();
  const ids = useId();
  const editorRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<string | null>(null);
  // The cell's button comes back once its editor closes: focus returns to it then.
  const [focusBack, setFocusBack] = useState(false);
  useEffect(() => {
    if (!focusBack || editing) return;
    if (returnFocus.current) document.getElementById(returnFocus.current)?.focus();
    setFocusBack(false);
  }, [focusBack, editing]);

  const rows = useGetDatabaseRowsQuery({
    projectId,
    table: table.name,
    order: order?.column,
    direction: order?.direction,
    filterColumn: filterValue ? filterColumn : undefined,
    filterValue: filterValue || undefined,
    offset,
    limit: ROWS_PAGE_SIZE,
  });

  useEffect(() => {
    if (editing) editorRef.current?.focus();
    // Only when an editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing?.column, JSON.stringify(editing?.key)]);

  const editable = table.primaryKey.length > 0;
  const columnType = (name: string) =>
    table.columns.find((column) => column.name === name)?.type ?? '';
  const nullable = (name: string) =>
    table.columns.find((column) => column.name === name)?.nullable ?? false;

  const sortBy = (column: string) => {
    setOrder((current) =>
      current?.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );
    setOffset(0);
  };

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilterValue(filterDraft.trim());
    setOffset(0);
  };

  const cancel = () => {
    setEditing(null);
    updating.reset();
    setFocusBack(true);
  };

  const save = async () => {
    if (!editing) return;
    const value = editing.toNull ? null : valueOfText(editing.text, columnType(editing.column));
    const result = await update({
      projectId,
      table: table.name,
      key: editing.key,
      values: { [editing.column]: value },
    });
    if ('data' in result && result.data) {
      setEditing(null);
      setAnnouncement(`Saved ${editing.column}.`);
      setFocusBack(true);
    }
  };

  const onEditorKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  const data = rows.data;
  const rowLabel = (row: DatabaseRow) =>
    editable ? table.primaryKey.map((column) => cellText(row[column] ?? null)).join(', ') : '';

  return (
    <StyledSection aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{table.name}</h3>
      {!editable && (
        <StyledMuted>This table has no primary key, so its rows cannot be edited here.</StyledMuted>
      )}
      <StyledToolbar
        as="form"
        role="search"
        aria-label={`Filter ${table.name}`}
        onSubmit={applyFilter}
      >
        <label>
          <VisuallyHidden>Filter column</VisuallyHidden>
          <Select
            size="sm"
            value={filterColumn}
            onChange={(event) => setFilterColumn(event.target.value)}
          >
            {table.columns.map((column) => (
              <option key={column.name} value={column.name}>
                {column.name}
              </option>
            ))}
          </Select>
        </label>
        <label>
          <VisuallyHidden>Contains</VisuallyHidden>
          <Input
            size="sm"
            type="search"
            placeholder="contains…"
            value={filterDraft}
            onChange={(event) => setFilterDraft(event.target.value)}
          />
        </label>
        <Button size="sm" variant="outline" type="submit">
          Filter
        </Button>
        {filterValue && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setFilterDraft('');
              setFilterValue('');
              setOffset(0);
            }}
          >
            Clear filter
          </Button>
        )}
      </StyledToolbar>
      <div role="status" aria-live="polite">
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </div>
      {updating.error !== undefined && (
        <Alert tone="error" title={`${editing?.column ?? 'The value'} was not saved`}>
          {problemText(updating.error)}
        </Alert>
      )}
      {rows.error !== undefined ? (
        <LoadProblem
          title={`The rows of ${table.name} could not be loaded`}
          error={rows.error}
          onRetry={() => void rows.refetch()}
        />
      ) : !data ? (
        <StyledCenter>
          <Spinner label={`Loading the rows of ${table.name}`} />
        </StyledCenter>
      ) : (
        <>
          <StyledTableScroll>
            <StyledDataTable aria-label={`Rows of ${table.name}`} aria-busy={rows.isFetching}>
              <thead>
                <tr>
                  {data.columns.map((column) => {
                    const sorted = order?.column === column.name ? order.direction : null;
                    return (
                      <th
                        key={column.name}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                        }
                      >
                        <Button
                          size="sm"
                          variant="ghost"
                          title={column.type}
                          onClick={() => sortBy(column.name)}
                        >
                          {column.name}
                          {sorted && (
                            <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : ' ▼'}</span>
                          )}
                        </Button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row, index) => {
                  const key = keyOf(table, row);
                  return (
                    <tr key={editable ? JSON.stringify(key) : index}>
                      {data.columns.map((column) => {
                        const value = row[column.name] ?? null;
                        const isEditing =
                          editing !== null &&
                          editing.column === column.name &&
                          sameKey(editing.key, key);
                        const cellId = `${ids}-${index}-${column.name}`;
                        if (isEditing)
                          return (
                            <td key={column.name}>
                              <form
                                aria-label={`Edit ${column.name} of row ${rowLabel(row)}`}
                                onSubmit={(event) => {
                                  event.preventDefault();
                                  void save();
                                }}
                              >
                                <StyledToolbar>
                                  <Input
                                    ref={editorRef}
                                    size="sm"
                                    aria-label={`New ${column.name}`}
                                    value={editing.text}
                                    disabled={editing.toNull}
                                    onKeyDown={onEditorKey}
                                    onChange={(event) =>
                                      setEditing({ ...editing, text: event.target.value })
                                    }
                                  />
                                  {nullable(column.name) && (
                                    <label>
                                      <input
                                        type="checkbox"
                                        checked={editing.toNull}
                                        onChange={(event) =>
                                          setEditing({ ...editing, toNull: event.target.checked })
                                        }
                                      />{' '}
                                      NULL
                                    </label>
                                  )}
                                  <Button size="sm" type="submit" disabled={updating.isLoading}>
                                    {updating.isLoading ? 'Saving…' : 'Save'}
                                  </Button>
                                  <Button size="sm" variant="ghost" onClick={cancel}>
                                    Cancel
                                  </Button>
                                </StyledToolbar>
                              </form>
                            </td>
                          );
                        const shown =
                          value === null ? <StyledNull>NULL</StyledNull> : cellText(value);
                        const canEdit = editable && !table.primaryKey.includes(column.name);
                        return (
                          <td key={column.name}>
                            {canEdit ? (
                              <Button
                                id={cellId}
                                size="sm"
                                variant="ghost"
                                aria-label={`${column.name}: ${value === null ? 'NULL' : cellText(value)}. Edit ${column.name} of row ${rowLabel(row)}`}
                                onClick={() => {
                                  returnFocus.current = cellId;
                                  updating.reset();
                                  setEditing({
                                    key,
                                    column: column.name,
                                    text: cellText(value),
                                    toNull: false,
                                  });
                                }}
                              >
                                {shown}
                              </Button>
                            ) : (
                              shown
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </StyledDataTable>
          </StyledTableScroll>
          {data.rows.length === 0 ? (
            <StyledMuted>
              {filterValue ? 'No rows match the filter.' : 'This table has no rows yet.'}
            </StyledMuted>
          ) : (
            <StyledToolbar aria-label="Pages" role="group">
              <StyledMuted>
                Rows {offset + 1}–{offset + data.rows.length} of {data.total}
              </StyledMuted>
              <Button
                size="sm"
                variant="outline"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - ROWS_PAGE_SIZE))}
              >
                Previous page
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + data.rows.length >= data.total}
                onClick={() => setOffset(offset + ROWS_PAGE_SIZE)}
              >
                Next page
              </Button>
            </StyledToolbar>
          )}
        </>
      )}
    </StyledSection>
  );
}
