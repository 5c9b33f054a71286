import { useEffect, useId, useRef, useState, type Ref, type RefObject } from 'react';
import styled from 'styled-components';
import type { GithubRepository } from '@mason/contract';
import { useGetGithubRepositoriesQuery } from '@mason/api-client';
import { Alert, Badge, Button, FormField, Select, Spinner, TextField } from '@mason/ui-kit';
import { formatLongDate } from '../shared/format-date';
import { reasonOf } from '../shared/reason-of';
import { StyledFieldset, StyledLoading, StyledText } from './code-hosting-styles';

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;
/** The branch option that asks for a new branch's name (never a branch git allows). */
export const NEW_BRANCH = '\u0000new-branch';

const StyledList = styled.ul`
  display: grid;
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  max-height: 17rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const StyledOption = styled.label<{ $checked: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.accent : 'transparent')};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.accent};
  }

  input {
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const StyledOptionName = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  overflow-wrap: anywhere;
`;

const StyledOptionMeta = styled.span`
  grid-column: 2 / -1;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledListNote = styled.li`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
`;

const StyledChooser = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

/** A repository and one of its branches (NEW_BRANCH: a new one, named elsewhere). */
export interface RepositoryChoice {
  readonly repository: GithubRepository;
  readonly branch: string;
}

export interface RepositoryChooserProps {
  value: RepositoryChoice | null;
  onChange: (choice: RepositoryChoice) => void;
  /** Offer "A new branch…" (NEW_BRANCH) after the repository's branches. */
  allowNewBranch?: boolean;
  /** What the branch is for, under its field. */
  branchHint: string;
  searchRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The connected account's repositories to choose from: searchable (sent once typing pauses, or on
 * Enter), paged (GET /github/repositories with "Load more", focus on the first new one), as
 * radios; then the chosen repository's branch, its default one first.
 */
export function RepositoryChooser({
  value,
  onChange,
  allowNewBranch = false,
  branchHint,
  searchRef,
}: RepositoryChooserProps) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [focusPage, setFocusPage] = useState<number | null>(null);
  const listId = useId();
  const groupName = useId();

  // The search is sent once typing pauses; a new search starts from its first page.
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === query) return;
    const timer = setTimeout(() => {
      setQuery(trimmed);
      setPages(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  const loadMore = () => {
    setFocusPage(pages + 1);
    setPages(pages + 1);
  };

  const selected = value?.repository ?? null;
  const branches = selected
    ? [
        selected.defaultBranch,
        ...selected.branches.filter((name) => name !== selected.defaultBranch),
      ]
    : [];

  return (
    <StyledChooser>
      <TextField
        ref={searchRef}
        type="search"
        label="Search your repositories"
        placeholder="Repository name"
        autoComplete="off"
        aria-controls={listId}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once (instead of sending the form).
          if (event.key === 'Enter') {
            event.preventDefault();
            setQuery(search.trim());
            setPages(1);
          }
        }}
      />
      <StyledFieldset>
        <legend>Repository</legend>
        <StyledList id={listId} aria-label="Your repositories">
          {Array.from({ length: pages }, (_, index) => (
            <RepositoryPage
              key={`${query}\u0000${index + 1}`}
              page={index + 1}
              query={query}
              last={index + 1 === pages}
              selectedId={selected?.id ?? null}
              onChoose={(repository) => onChange({ repository, branch: repository.defaultBranch })}
              onLoadMore={loadMore}
              groupName={groupName}
              focusFirst={focusPage === index + 1}
              onFocused={() => setFocusPage(null)}
            />
          ))}
        </StyledList>
      </StyledFieldset>
      {selected && value && (
        <FormField label="Branch" hint={branchHint}>
          <Select
            value={value.branch}
            onChange={(event) => onChange({ repository: selected, branch: event.target.value })}
          >
            {branches.map((name) => (
              <option key={name} value={name}>
                {name === selected.defaultBranch ? `${name} (default)` : name}
              </option>
            ))}
            {allowNewBranch && <option value={NEW_BRANCH}>A new branch…</option>}
          </Select>
        </FormField>
      )}
    </StyledChooser>
  );
}

interface RepositoryPageProps {
  page: number;
  query: string;
  last: boolean;
  selectedId: string | null;
  onChoose: (repository: GithubRepository) => void;
  onLoadMore: () => void;
  /** The radios' name: one group across pages, so arrow keys go through all of them. */
  groupName: string;
  focusFirst: boolean;
  onFocused: () => void;
}

/** One page of GET /github/repositories: its repositories as radios, then "Load more". */
function RepositoryPage({
  page,
  query,
  last,
  selectedId,
  onChoose,
  onLoadMore,
  groupName,
  focusFirst,
  onFocused,
}: RepositoryPageProps) {
  const { data, error, isFetching, refetch } = useGetGithubRepositoriesQuery({
    page,
    ...(query ? { query } : {}),
  });
  const first = useRef<HTMLInputElement>(null);

  // After "Load more", focus goes to the first repository it brought.
  useEffect(() => {
    if (focusFirst && data && first.current) {
      first.current.focus();
      onFocused();
    }
  }, [focusFirst, data, onFocused]);

  if (!data) {
    return (
      <StyledListNote>
        {error && !isFetching ? (
          <Alert
            tone="error"
            title="Your repositories could not be listed"
            action={
              <Button size="sm" variant="outline" onClick={() => void refetch()}>
                Try again
              </Button>
            }
          >
            {reasonOf(error, 'Check your connection, then try again.')}
          </Alert>
        ) : (
          <StyledLoading>
            <Spinner label="Loading your repositories" />
            <span aria-hidden="true">Loading your repositories…</span>
          </StyledLoading>
        )}
      </StyledListNote>
    );
  }

  return (
    <>
      {page === 1 && data.repositories.length === 0 && (
        <StyledListNote>
          <StyledText>
            {query
              ? `No repository of yours is named like “${query}”.`
              : 'Your GitHub account has no repositories yet. Create one below.'}
          </StyledText>
        </StyledListNote>
      )}
      {data.repositories.map((repository, index) => (
        <li key={repository.id}>
          <RepositoryOption
            inputRef={index === 0 ? first : undefined}
            name={groupName}
            repository={repository}
            checked={repository.id === selectedId}
            onChoose={onChoose}
          />
        </li>
      ))}
      {last && data.hasMore && (
        <StyledListNote>
          <Button size="sm" variant="ghost" loading={isFetching} onClick={onLoadMore}>
            Load more repositories
          </Button>
        </StyledListNote>
      )}
    </>
  );
}

interface RepositoryOptionProps {
  inputRef?: Ref<HTMLInputElement>;
  name: string;
  repository: GithubRepository;
  checked: boolean;
  onChoose: (repository: GithubRepository) => void;
}

/** A repository as a radio: its name and visibility, then when it last changed. */
function RepositoryOption({
  inputRef,
  name,
  repository,
  checked,
  onChoose,
}: RepositoryOptionProps) {
  const metaId = useId();
  return (
    <StyledOption $checked={checked}>
      <input
        ref={inputRef}
        type="radio"
        name={name}
        value={repository.fullName}
        checked={checked}
        aria-describedby={metaId}
        onChange={() => onChoose(repository)}
      />
      <StyledOptionName>{repository.fullName}</StyledOptionName>
      <Badge variant="outline">{repository.private ? 'Private' : 'Public'}</Badge>
      <StyledOptionMeta id={metaId}>
        Updated <time dateTime={repository.updatedAt}>{formatLongDate(repository.updatedAt)}</time>
      </StyledOptionMeta>
    </StyledOption>
  );
}
