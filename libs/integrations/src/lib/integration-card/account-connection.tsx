import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@mason/api-client';
import { Alert, Button, Spinner } from '@mason/ui-kit';
import { StyledLoading } from '../shared/section-styles';

/** While a card asks the server where its connection stands: a status whose words are read out. */
export function ConnectionChecking({ label }: { label: string }) {
  return (
    <StyledLoading>
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </StyledLoading>
  );
}

export interface ConnectionCheckFailedProps {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** The connection could not be checked: the reason, and "Try again" (busy while it asks). */
export function ConnectionCheckFailed({
  title,
  error,
  retrying,
  onRetry,
}: ConnectionCheckFailedProps) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button
          size="sm"
          variant="outline"
          onClick={onRetry}
          loading={retrying}
          loadingText="Trying again…"
        >
          Try again
        </Button>
      }
    >
      {isApiError(error) ? error.message : 'Check your connection, then try again.'}
    </Alert>
  );
}

export interface ConnectOptions {
  /** Asks Mason for the service's authorize page (a fresh state each time). */
  authorizeUrl: () => Promise<{ url: string }>;
  /** Leaves Mason for that page. */
  openExternalUrl: (url: string) => void;
  /** Said when the page could not be asked for, and the server gave no reason. */
  failure: string;
  /** The server has no OAuth app any more (409): the card asks where it stands again. */
  onNotConfigured: () => void;
}

/**
 * "Connect": asks for the authorize URL and leaves for it; until the browser goes, the button
 * waits ("Opening …"); a refusal is said beside it, in the server's words.
 */
export function useConnect({
  authorizeUrl,
  openExternalUrl,
  failure,
  onNotConfigured,
}: ConnectOptions) {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connect = async () => {
    setError(null);
    setOpening(true);
    try {
      const { url } = await authorizeUrl();
      openExternalUrl(url);
    } catch (caught) {
      setOpening(false);
      setError(isApiError(caught) ? caught.message : failure);
      if (isApiError(caught) && caught.status === 409) onNotConfigured();
    }
  };
  return { opening, error, connect };
}

/**
 * "Disconnect" behind a confirm dialog: `disconnect` runs once confirmed; then the polite status
 * says `announcement`, and focus goes where the Disconnect button was: the Connect button
 * (`connectButton`, once the card shows it). A failure's toast says why; the account stays.
 */
export function useDisconnect(
  disconnect: () => Promise<unknown>,
  announcement: string,
  shown: unknown,
) {
  const [confirming, setConfirming] = useState(false);
  const [announced, setAnnounced] = useState('');
  const [focusConnect, setFocusConnect] = useState(false);
  const connectButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusConnect && connectButton.current) {
      connectButton.current.focus();
      setFocusConnect(false);
    }
  }, [focusConnect, shown]);

  const confirmDisconnect = async () => {
    setAnnounced('');
    try {
      await disconnect();
      setAnnounced(announcement);
      setFocusConnect(true);
    } catch {
      // The error's toast says what went wrong; the account stays connected.
    } finally {
      setConfirming(false);
    }
  };
  return { confirming, setConfirming, announced, connectButton, confirmDisconnect };
}
