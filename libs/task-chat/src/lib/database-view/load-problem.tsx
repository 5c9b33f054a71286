import { isApiError } from '@mason/api-client';
import { Alert, Button } from '@mason/ui-kit';

export interface LoadProblemProps {
  /** What could not be loaded: 'The tables could not be loaded'. */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** Why a part of the Database view could not be loaded, with "Try again". */
export function LoadProblem({ title, error, onRetry }: LoadProblemProps) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {problemText(error)}
    </Alert>
  );
}

/** The words of a failure: the server's own for a refused request (PostgreSQL's), else the catalogue's. */
export function problemText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong.';
  return error.status === 400 && error.serverMessage ? error.serverMessage : error.message;
}
