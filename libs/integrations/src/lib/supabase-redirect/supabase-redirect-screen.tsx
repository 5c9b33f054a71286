import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError, useConnectSupabaseMutation } from '@mason/api-client';
import { Alert, Button, Page, PageHeader, Spinner } from '@mason/ui-kit';
import { exchangeOnce, forgetExchange } from '../shared/exchange-once';
import { StyledText } from '../shared/plain-text';
import { StyledActions, StyledLoading, StyledStack } from '../shared/section-styles';

export interface SupabaseRedirectScreenProps {
  /** Where the person's projects are (a project's Settings attach a database). */
  projectsPath: string;
  integrationsPath: string;
}

type Outcome =
  | { kind: 'working' }
  | { kind: 'connected' }
  | { kind: 'failed'; message: string; retry: boolean }
  | { kind: 'nothing' };

const WORKING = 'Connecting your Supabase account';

/** What Supabase sent the person back with: a code and state, its refusal, or nothing. */
function readRedirect(search: string) {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  if (code && state) return { kind: 'code' as const, request: { code, state } };
  const error = params.get('error');
  if (error)
    return {
      kind: 'refused' as const,
      message:
        error === 'access_denied'
          ? 'You did not approve Mason on Supabase, so nothing was connected.'
          : `Supabase did not connect: ${params.get('error_description') ?? error}.`,
    };
  return { kind: 'nothing' as const };
}

/**
 * /integrations/supabase/redirect: Supabase sends the person back here with `code` and `state`
 * (or `error` when they said no). The screen posts them once to POST /supabase/access-code and
 * says how it went, with the way on (a project's Settings attach one of their Supabase projects).
 * Opened without them, it says nothing was connected.
 */
export function SupabaseRedirectScreen({
  projectsPath,
  integrationsPath,
}: SupabaseRedirectScreenProps) {
  const { search } = useLocation();
  const redirect = useMemo(() => readRedirect(search), [search]);
  const [connect] = useConnectSupabaseMutation();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    redirect.kind === 'code'
      ? { kind: 'working' }
      : redirect.kind === 'refused'
        ? { kind: 'failed', message: redirect.message, retry: false }
        : { kind: 'nothing' },
  );

  useEffect(() => {
    if (redirect.kind !== 'code') return;
    const { request } = redirect;
    let live = true;
    exchangeOnce(request, () => connect(request).unwrap(), 'supabase').then(
      () => live && setOutcome({ kind: 'connected' }),
      (error: unknown) => {
        if (!live) return;
        const retry =
          isApiError(error) &&
          (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server');
        if (retry) forgetExchange(request, 'supabase');
        setOutcome({
          kind: 'failed',
          message: isApiError(error)
            ? (error.serverMessage ?? error.message)
            : 'Mason could not finish connecting Supabase. Try again.',
          retry,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [redirect, connect, attempt]);

  const ways = (
    <StyledActions>
      <Button as={Link} to={projectsPath}>
        Go to your projects
      </Button>
      <Button as={Link} to={integrationsPath} variant="outline">
        Back to integrations
      </Button>
    </StyledActions>
  );

  let body;
  if (outcome.kind === 'working') {
    body = (
      <StyledLoading>
        <Spinner label={WORKING} />
        <span aria-hidden="true">{WORKING}…</span>
      </StyledLoading>
    );
  } else if (outcome.kind === 'connected') {
    body = (
      <>
        <Alert tone="success" title="Your Supabase account is connected">
          Open a project, then Settings → Database → Attach a database service, and choose one of
          your Supabase projects.
        </Alert>
        {ways}
      </>
    );
  } else if (outcome.kind === 'failed') {
    body = (
      <>
        <Alert
          tone="error"
          title="Supabase is not connected"
          action={
            outcome.retry ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setOutcome({ kind: 'working' });
                  setAttempt((count) => count + 1);
                }}
              >
                Try again
              </Button>
            ) : undefined
          }
        >
          {outcome.message}
        </Alert>
        {ways}
      </>
    );
  } else {
    body = (
      <>
        <Alert tone="info" title="No Supabase account was connected">
          This page finishes connecting Supabase when Supabase sends you back to it. Nothing was
          changed.
        </Alert>
        <StyledText>
          Connect your account from the Database card in Integrations, or attach a project without
          it: open a project, then Settings → Database → Attach a database service, and paste the
          Supabase project’s URL, anon key and database password.
        </StyledText>
        {ways}
      </>
    );
  }

  return (
    <Page width="narrow">
      <PageHeader
        title="Supabase"
        description="Attach Supabase projects to your projects to keep their apps’ data there."
      />
      <StyledStack>{body}</StyledStack>
    </Page>
  );
}
