import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useConnectOpenRouterMutation } from '@mason/api-client';
import { Alert, Button } from '@mason/ui-kit';
import { CallbackLayout } from '../callback-layout/callback-layout';
import {
  CallbackFailure,
  CallbackLogin,
  CallbackProgress,
  StyledCallbackActions,
} from '../shared/callback-parts';
import { readCodeCallback } from '../shared/code-callback';
import { useCodeExchange } from '../shared/use-code-exchange';

export interface OpenRouterCallbackScreenProps {
  /** Whether a person is logged in to Mason (the exchange needs their session). */
  signedIn: boolean;
  /** The integrations screen (/dashboard/integrations), where OpenRouter is connected. */
  integrationsHref: string;
  /** The login screen, for a visitor who is not logged in. */
  loginHref: string;
}

const WORDS = {
  denied:
    'You did not allow Mason to use your OpenRouter account, so nothing was connected. You can connect it whenever you like.',
  other: (description: string | null) =>
    description
      ? `OpenRouter did not connect: ${description.replace(/\.?$/, '.')} Connect OpenRouter again from Integrations.`
      : 'OpenRouter did not connect. Connect OpenRouter again from Integrations.',
};

/**
 * /open-router/callback: OpenRouter's PKCE flow sends the person back here with `code` (and the
 * `state` Mason put in its callback URL). The screen posts them once to POST
 * /open-router/access-code (Mason exchanges the code for the person's key), then says their
 * turns run on their key, with the way back to Integrations. A refusal, a used or unknown state,
 * a page opened without a code, or a visitor who is not logged in each get a sentence and a way on.
 */
export function OpenRouterCallbackScreen({
  signedIn,
  integrationsHref,
  loginHref,
}: OpenRouterCallbackScreenProps) {
  const { search } = useLocation();
  const [connect] = useConnectOpenRouterMutation();
  const callback = useMemo(() => readCodeCallback(search, WORDS), [search]);
  const { outcome, retry } = useCodeExchange({
    service: 'open-router',
    callback,
    enabled: signedIn,
    exchange: (request) => connect(request).unwrap(),
    fallback: 'Mason could not finish connecting OpenRouter. Try again.',
  });
  const back = (label: string, primary: boolean) => (
    <Button as={Link} to={integrationsHref} variant={primary ? 'primary' : 'outline'} fullWidth>
      {label}
    </Button>
  );

  if (!signedIn && callback.kind === 'code')
    return (
      <CallbackLogin
        title="Log in to connect OpenRouter"
        detail="OpenRouter connects to your Mason account, and you are not logged in on this browser. Log in, then connect OpenRouter again from Integrations."
        loginHref={loginHref}
      />
    );

  if (outcome.kind === 'working')
    return (
      <CallbackProgress
        title="Connecting OpenRouter…"
        label="Connecting your OpenRouter account"
        detail="This takes a moment. Mason is exchanging OpenRouter’s answer for your key."
      />
    );

  if (outcome.kind === 'failed')
    return (
      <CallbackFailure
        title="OpenRouter was not connected"
        message={outcome.message}
        onRetry={outcome.retry ? retry : undefined}
      >
        {back('Back to integrations', false)}
      </CallbackFailure>
    );

  if (outcome.kind === 'missing' || !outcome.result.connection)
    return (
      <CallbackLayout title="Nothing to connect">
        <Alert tone="info">
          This page finishes connecting OpenRouter when OpenRouter sends you back to it. Nothing was
          changed.
        </Alert>
        <StyledCallbackActions>{back('Go to integrations', true)}</StyledCallbackActions>
      </CallbackLayout>
    );

  return (
    <CallbackLayout title="OpenRouter is connected">
      <Alert tone="success">
        Your turns now run on your OpenRouter key and are not charged Mason credits: OpenRouter
        charges your account for them. The model picker shows which models run on your key.
      </Alert>
      <StyledCallbackActions>{back('Back to integrations', true)}</StyledCallbackActions>
    </CallbackLayout>
  );
}
