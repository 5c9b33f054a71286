import { useEffect, useState } from 'react';

/**
 * True once a load has lasted `afterMs` without finishing. `attempt` names the load: a new
 * attempt starts its own clock.
 */
export function useSlowStart(loading: boolean, attempt: number, afterMs: number): boolean {
  const [slowAttempt, setSlowAttempt] = useState<number | null>(null);
  useEffect(() => {
    if (!loading) return undefined;
    const timer = setTimeout(() => setSlowAttempt(attempt), afterMs);
    return () => clearTimeout(timer);
  }, [loading, attempt, afterMs]);
  return loading && slowAttempt === attempt;
}
