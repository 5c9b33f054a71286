import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import styled from 'styled-components';
import { BranchNameSchema, type GithubRepository } from '@mason/contract';
import { useGetGithubRepositoriesQuery, useLinkProjectRepositoryMutation } from '@mason/api-client';
import { Alert, Badge, Button, FormField, Select, Spinner, TextField } from '@mason/ui-kit';
import { formatLongDate } from '../shared/format-date';
import { reasonOf } from '../shared/reason-of';
import { StyledActions, StyledFieldset, StyledLoading, StyledText } from './code-hosting-styles';

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;
const NEW_BRANCH = '\u0000new-branch';

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

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const StyledListNote = styled.li`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
`;

export interface RepositoryPickerProps {
  projectId: string;
  /** Focus the search field when this appears (after an unlink). */
  focusOnMount?: boolean;
  /** The project is linked: the answer of PUT /projects/:id/code-hosting. */
  onLinked: (fullName: string, branch: string) => void;
}

/**
 * Connected, not linked: find a repository (searchable, paged: GET /github/repositories with
 * "Load more"), pick its branch (the default one first) or name a new one, and Link (PUT
 * /projects/:id/code-hosting).
 */
export function RepositoryPicker({ projectId, focusOnMount, onLinked }: RepositoryPickerProps) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [selected, setSelected] = useState<GithubRepository | null>(null);
  const [branch, setBranch] = useState('');
  const [newBranch, setNewBranch] = useState('');
  const [branchError, setBranchError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [link, linking] = useLinkProjectRepositoryMutation();
  const searchRef = useRef<HTMLInputElement>(null);
  const [focusPage, setFocusPage] = useState<number | null>(null);
  const listId = useId();
  const groupName = useId();

  useEffect(() => {
    if (focusOnMount) searchRef.current?.focus();
  }, [focusOnMount]);

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

  const choose = (repository: GithubRepository) => {
    setSelected(repository);
    setBranch(repository.defaultBranch);
    setNewBranch('');
    setBranchError(null);
    setLinkError(null);
  };

  const loadMore = () => {
    setFocusPage(pages + 1);
    setPages(pages + 1);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!selected) return;
    setLinkError(null);
    let chosen = branch;
    if (branch === NEW_BRANCH) {
      const parsed = BranchNameSchema.safeParse(newBranch);
      if (!parsed.success) {
        setBranchError(parsed.error.issues[0]?.message ?? 'That is not a valid branch name.');
        return;
      }
      chosen = parsed.data;
    }
    setBranchError(null);
    try {
      await link({ projectId, fullName: selected.fullName, branch: chosen }).unwrap();
      onLinked(selected.fullName, chosen);
    } catch (failure) {
      setLinkError(reasonOf(failure, 'The repository could not be linked. Try again.'));
    }
  };

  const branches = selected
    ? [
        selected.defaultBranch,
        ...selected.branches.filter((name) => name !== selected.defaultBranch),
      ]
    : [];

  return (
    <StyledForm aria-label="Link a repository" onSubmit={(event) => void submit(event)}>
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
              onChoose={choose}
              onLoadMore={loadMore}
              groupName={groupName}
              focusFirst={focusPage === index + 1}
              onFocused={() => setFocusPage(null)}
            />
          ))}
        </StyledList>
      </StyledFieldset>
      {selected && (
        <>
          <FormField label="Branch" hint="Mason pushes each version of this project there.">
            <Select value={branch} onChange={(event) => setBranch(event.target.value)}>
              {branches.map((name) => (
                <option key={name} value={name}>
                  {name === selected.defaultBranch ? `${name} (default)` : name}
                </option>
              ))}
              <option value={NEW_BRANCH}>A new branch…</option>
            </Select>
          </FormField>
          {branch === NEW_BRANCH && (
            <TextField
              label="New branch name"
              hint="The first push makes it."
              autoComplete="off"
              value={newBranch}
              error={branchError ?? undefined}
              onChange={(event) => setNewBranch(event.target.value)}
            />
          )}
        </>
      )}
      <StyledActions>
        <Button
          type="submit"
          disabled={!selected}
          loading={linking.isLoading}
          loadingText="Linking…"
        >
          {selected ? `Link ${selected.fullName}` : 'Link'}
        </Button>
      </StyledActions>
      {linkError && (
        <Alert
          tone="error"
          title="The repository is not linked"
          action={
            <Button size="sm" variant="outline" onClick={() => void submit()}>
              Try again
            </Button>
          }
        >
          {linkError}
        </Alert>
      )}
    </StyledForm>
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
