import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLazyGetGithubAuthorizeUrlQuery } from '@mason/api-client';
import { Alert, Button, TextLink } from '@mason/ui-kit';
import { listenForGithubWindowResult } from '../github-callback/github-window-messages';
import { GithubMark } from '../github-card/github-mark';
import { reasonOf } from '../shared/reason-of';
import { StyledActions, StyledStack, StyledText } from './code-hosting-styles';
import type { OpenGithubPopup } from './github-popup';

export interface ConnectGithubPromptProps {
  /** The integrations page: where to connect when the browser blocks the pop-up. */
  integrationsHref: string;
  openPopup: OpenGithubPopup;
  /** GitHub said yes in the pop-up. */
  onConnected: () => void;
}

type Phase = 'idle' | 'opening' | 'waiting';

/**
 * GitHub is not connected: "Connect GitHub" opens GitHub's sign-in in a pop-up (the WINDOW flow:
 * GET /github/authorize-url?flow=WINDOW), which reports back and closes itself. A blocked pop-up
 * or a failure is said beside the button.
 */
export function ConnectGithubPrompt({
  integrationsHref,
  openPopup,
  onConnected,
}: ConnectGithubPromptProps) {
  const [getAuthorizeUrl] = useLazyGetGithubAuthorizeUrlQuery();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(
    () =>
      listenForGithubWindowResult((result) => {
        if (result.type === 'mason:github-connected') {
          setPhase('idle');
          onConnected();
        } else {
          setPhase('idle');
          setError(result.message);
        }
      }),
    [onConnected],
  );

  const connect = async () => {
    setError(null);
    // Opened inside the click: a window opened after the request returns is often blocked.
    const popup = openPopup();
    if (!popup) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    setPhase('opening');
    try {
      const { url } = await getAuthorizeUrl({ flow: 'WINDOW' }, false).unwrap();
      popup.show(url);
      setPhase('waiting');
    } catch (failure) {
      popup.close();
      setPhase('idle');
      setError(reasonOf(failure, 'GitHub’s sign-in page could not be opened. Try again.'));
    }
  };

  return (
    <StyledStack>
      <StyledText>
        Connect your GitHub account to push this project to a repository of yours. GitHub opens in a
        new window; you approve Mason there.
      </StyledText>
      <StyledActions>
        <Button
          leadingIcon={<GithubMark size={16} />}
          loading={phase === 'opening'}
          loadingText="Opening GitHub…"
          onClick={() => void connect()}
        >
          {phase === 'waiting' ? 'Open GitHub again' : 'Connect GitHub'}
        </Button>
      </StyledActions>
      {phase === 'waiting' && (
        <StyledText>
          Approve Mason in the GitHub window. This section updates as soon as you are done.
        </StyledText>
      )}
      {blocked && (
        <Alert tone="warning" title="Your browser blocked the GitHub window">
          Allow pop-ups for this site and try again, or{' '}
          <TextLink as={Link} to={integrationsHref}>
            connect GitHub on the Integrations page
          </TextLink>
          .
        </Alert>
      )}
      {error && (
        <Alert
          tone="error"
          title="GitHub is not connected"
          action={
            <Button size="sm" variant="outline" onClick={() => void connect()}>
              Try again
            </Button>
          }
        >
          {error}
        </Alert>
      )}
    </StyledStack>
  );
}
