import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { GithubCallbackFlow, GithubIntegration } from '@mason/contract';
import { isApiError, useConnectGithubMutation } from '@mason/api-client';
import { Alert, Button } from '@mason/ui-kit';
import { CallbackLayout } from '../callback-layout/callback-layout';
import {
  CallbackProgress,
  StyledCallbackActions,
  StyledCallbackText,
} from '../shared/callback-parts';
import { exchangeOnce, forgetExchange } from '../shared/exchange-once';
import { announceGithubWindowResult, newResultId } from './github-window-messages';
import { readGithubCallback } from './read-github-callback';

/** What the integrations screen shows after a connection made on the callback screen. */
export interface GithubConnectedState {
  githubConnected: string;
}

export interface GithubCallbackScreenProps {
  /** Which callback this is: /github/callback, /github/callback/existing, /github/callback/window. */
  flow: GithubCallbackFlow;
  /** Whether a person is logged in to Mason (the exchange needs their session). */
  signedIn: boolean;
  /** The integrations screen (DEFAULT goes there, and failures lead back to it). */
  integrationsHref: string;
  /** The import screen (EXISTING goes back there). */
  importProjectHref: string;
  /** The login screen, for a visitor who is not logged in. */
  loginHref: string;
  /** Closes the popup of the WINDOW flow. Default: window.close(). */
  closeWindow?: () => void;
}

type Outcome =
  | { kind: 'working' }
  | { kind: 'connected'; integration: GithubIntegration }
  | { kind: 'failed'; message: string; retry: boolean };

/** Closes the popup; a browser that did not open it by script keeps it open (the page says so). */
const closeWith = (closeWindow: (() => void) | undefined) =>
  closeWindow ? closeWindow() : window.close();

/** A failure in words the person can act on, and whether trying the same code again can help. */
function failureOf(error: unknown): { message: string; retry: boolean } {
  if (!isApiError(error))
    return { message: 'Mason could not finish connecting GitHub. Try again.', retry: true };
  // A refused state or code (400): the server says which and what to do ("…expired or was
  // already used. Start connecting GitHub again."), where the catalogue would only say
  // 'Invalid Request'.
  if (error.status === 400 && error.serverMessage)
    return { message: error.serverMessage, retry: false };
  const retry = error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server';
  return { message: error.message, retry };
}

/**
 * /github/callback, /github/callback/existing and /github/callback/window: GitHub sends the
 * person back here with `code` and `state` (or `error` when they said no). The screen posts them
 * once to POST /github/access-code, then: DEFAULT goes to the integrations screen, EXISTING back to
 * the import screen, WINDOW tells the page that opened it and closes itself. A refused state, a
 * refusal at GitHub or a visitor who is not logged in each get a sentence and a way on.
 */
export function GithubCallbackScreen({
  flow,
  signedIn,
  integrationsHref,
  importProjectHref,
  loginHref,
  closeWindow,
}: GithubCallbackScreenProps) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [connect] = useConnectGithubMutation();
  const callback = useMemo(() => readGithubCallback(search), [search]);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    callback.kind === 'code'
      ? { kind: 'working' }
      : { kind: 'failed', message: callback.message, retry: false },
  );
  const [attempt, setAttempt] = useState(0);
  // The latest closer, without running the exchange's effect again when a new one is passed.
  const closer = useRef(closeWindow);
  closer.current = closeWindow;
  const close = () => closeWith(closer.current);

  // The popup's opener waits for word either way.
  useEffect(() => {
    if (flow === 'WINDOW' && callback.kind !== 'code')
      announceGithubWindowResult({
        id: newResultId(),
        type: 'mason:github-failed',
        message: callback.message,
      });
  }, [flow, callback]);

  useEffect(() => {
    if (!signedIn || callback.kind !== 'code') return;
    const { request } = callback;
    let live = true;
    exchangeOnce(request, () => connect(request).unwrap(), 'github').then(
      ({ integration }) => {
        if (!live) return;
        if (!integration) {
          setOutcome({
            kind: 'failed',
            message: 'GitHub did not connect. Start connecting GitHub again.',
            retry: false,
          });
          return;
        }
        const state: GithubConnectedState = { githubConnected: integration.accountLogin };
        if (flow === 'DEFAULT') navigate(integrationsHref, { replace: true, state });
        else if (flow === 'EXISTING') navigate(importProjectHref, { replace: true, state });
        else {
          setOutcome({ kind: 'connected', integration });
          announceGithubWindowResult({
            id: newResultId(),
            type: 'mason:github-connected',
            integration,
          });
          closeWith(closer.current);
        }
      },
      (error: unknown) => {
        if (!live) return;
        const failure = failureOf(error);
        if (failure.retry) forgetExchange(request, 'github');
        setOutcome({ kind: 'failed', ...failure });
        if (flow === 'WINDOW')
          announceGithubWindowResult({
            id: newResultId(),
            type: 'mason:github-failed',
            message: failure.message,
          });
      },
    );
    return () => {
      live = false;
    };
    // `attempt` runs the exchange again after "Try again".
  }, [signedIn, callback, connect, flow, navigate, integrationsHref, importProjectHref, attempt]);

  const back =
    flow === 'EXISTING' ? (
      <Button as={Link} to={importProjectHref} variant="outline" fullWidth>
        Back to importing a project
      </Button>
    ) : flow === 'WINDOW' ? (
      <Button variant="outline" fullWidth onClick={close}>
        Close this window
      </Button>
    ) : (
      <Button as={Link} to={integrationsHref} variant="outline" fullWidth>
        Back to integrations
      </Button>
    );

  if (!signedIn && callback.kind === 'code') {
    return (
      <CallbackLayout title="Log in to connect GitHub">
        <StyledCallbackText>
          GitHub connects to your Mason account, and you are not logged in on this browser. Log in,
          then connect GitHub again from Integrations.
        </StyledCallbackText>
        <Button as={Link} to={loginHref} fullWidth>
          Log in
        </Button>
      </CallbackLayout>
    );
  }

  if (outcome.kind === 'failed') {
    return (
      <CallbackLayout title="GitHub was not connected">
        <Alert tone="error">{outcome.message}</Alert>
        <StyledCallbackActions>
          {outcome.retry && (
            <Button
              fullWidth
              onClick={() => {
                setOutcome({ kind: 'working' });
                setAttempt((count) => count + 1);
              }}
            >
              Try again
            </Button>
          )}
          {back}
        </StyledCallbackActions>
      </CallbackLayout>
    );
  }

  if (outcome.kind === 'connected') {
    // Only the WINDOW flow stays here: the browser kept the popup open.
    return (
      <CallbackLayout title="GitHub is connected">
        <Alert tone="success">
          Mason is connected to the GitHub account {outcome.integration.accountLogin}. You can close
          this window and carry on where you were.
        </Alert>
        <StyledCallbackActions>
          <Button fullWidth onClick={close}>
            Close this window
          </Button>
          <Button as={Link} to={integrationsHref} variant="outline" fullWidth>
            Go to integrations
          </Button>
        </StyledCallbackActions>
      </CallbackLayout>
    );
  }

  return (
    <CallbackProgress
      title="Connecting GitHub…"
      label="Connecting your GitHub account"
      detail="This takes a moment. Mason is checking GitHub’s answer with your account."
    />
  );
}
