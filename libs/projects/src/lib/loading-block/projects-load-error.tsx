import type { ReactNode } from 'react';
import { Button, EmptyState } from '@mason/ui-kit';
import { LoadingBlock } from './loading-block';

/** The parts of the projects query a screen waits on. */
export interface ProjectsQueryState {
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * What a screen shows instead of the person's projects while they load, or when they could not
 * be loaded (with a way to try again); null once they are there.
 */
export function projectsPending(query: ProjectsQueryState): ReactNode | null {
  if (query.isLoading) return <LoadingBlock label="Loading your projects" />;
  if (!query.isError || query.data) return null;
  return (
    <EmptyState
      bordered
      title="Your projects could not be loaded"
      description="Check your connection, then try again."
      action={
        <Button
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          loadingText="Trying again…"
        >
          Try again
        </Button>
      }
    />
  );
}
