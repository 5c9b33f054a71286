import { useEffect, useRef, useState } from 'react';
import {
  exchangeFailure,
  type AccessCode,
  type CodeCallback,
  type ExchangeOutcome,
} from './code-callback';
import { exchangeOnce, forgetExchange } from './exchange-once';

export interface CodeExchangeOptions<Result> {
  /** Which service's code this is ("mcp", "open-router"): each posts its own once. */
  service: string;
  callback: CodeCallback;
  /** False while the exchange cannot run (a visitor who is not logged in). */
  enabled: boolean;
  /** Posts the code and state (once per page load, whatever React does: exchangeOnce). */
  exchange: (request: AccessCode) => Promise<Result>;
  /** Said when the failure is not an API error. */
  fallback: string;
  /** Once it worked, or failed (a popup tells its opener). */
  onSettled?: (outcome: ExchangeOutcome<Result>) => void;
}

/**
 * The exchange of a callback screen: `outcome` is where it stands, `retry` posts the code again
 * after a failure worth retrying.
 */
export function useCodeExchange<Result>({
  service,
  callback,
  enabled,
  exchange,
  fallback,
  onSettled,
}: CodeExchangeOptions<Result>) {
  const [outcome, setOutcome] = useState<ExchangeOutcome<Result>>(() =>
    callback.kind === 'code'
      ? { kind: 'working' }
      : callback.kind === 'refused'
        ? { kind: 'failed', message: callback.message, retry: false }
        : { kind: 'missing' },
  );
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, without running the exchange's effect again when new ones are passed.
  const latest = useRef({ exchange, fallback, onSettled });
  latest.current = { exchange, fallback, onSettled };

  // A redirect without a code settles at once (a popup still tells its opener).
  useEffect(() => {
    if (callback.kind === 'refused')
      latest.current.onSettled?.({ kind: 'failed', message: callback.message, retry: false });
    else if (callback.kind === 'missing') latest.current.onSettled?.({ kind: 'missing' });
  }, [callback]);

  useEffect(() => {
    if (!enabled || callback.kind !== 'code') return;
    const { request } = callback;
    let live = true;
    exchangeOnce(request, () => latest.current.exchange(request), service).then(
      (result) => {
        if (!live) return;
        const done: ExchangeOutcome<Result> = { kind: 'done', result };
        setOutcome(done);
        latest.current.onSettled?.(done);
      },
      (error: unknown) => {
        if (!live) return;
        const failure = exchangeFailure(error, latest.current.fallback);
        if (failure.retry) forgetExchange(request, service);
        const failed: ExchangeOutcome<Result> = { kind: 'failed', ...failure };
        setOutcome(failed);
        latest.current.onSettled?.(failed);
      },
    );
    return () => {
      live = false;
    };
    // `attempt` runs the exchange again after "Try again".
  }, [enabled, service, callback, attempt]);

  const retry = () => {
    setOutcome({ kind: 'working' });
    setAttempt((count) => count + 1);
  };
  return { outcome, retry };
}
