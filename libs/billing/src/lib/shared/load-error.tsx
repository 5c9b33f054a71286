import { isApiError } from '@mason/api-client';
import { Button, EmptyState } from '@mason/ui-kit';

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence ("Your billing could not be loaded"). */
  title: string;
  /** The query's error: its catalogue message is shown when it has one. */
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  titleAs?: 'h1' | 'h2' | 'h3';
}

/** A failed load: what failed, the catalogue's words for why, and a way to try again. */
export function LoadError({ title, error, onRetry, retrying, titleAs = 'h2' }: LoadErrorProps) {
  return (
    <EmptyState
      bordered
      title={title}
      titleAs={titleAs}
      description={isApiError(error) ? error.message : 'Check your connection, then try again.'}
      action={
        <Button onClick={onRetry} loading={retrying} loadingText="Trying again…">
          Try again
        </Button>
      }
    />
  );
}
