import { Button, EmptyState } from '@mason/ui-kit';

export interface ProjectsLoadErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

/** The person's projects could not be loaded: say so, and offer to try again. */
export function ProjectsLoadError({ onRetry, retrying }: ProjectsLoadErrorProps) {
  return (
    <EmptyState
      bordered
      title="Your projects could not be loaded"
      description="Check your connection, then try again."
      action={
        <Button onClick={onRetry} loading={retrying} loadingText="Trying again…">
          Try again
        </Button>
      }
    />
  );
}
