import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { isCheckoutPlan, type CheckoutPlan } from '@mason/contract';
import { useAuthPaths } from '../auth-paths/auth-paths';
import { destinationAfterLogin } from './destination';
import { startSession, type AuthDispatch } from './session-thunks';

/** The plan (`?plan=PRO`) and project (`?projectId=`) a login or signup was started with. */
export interface LoginIntent {
  plan: CheckoutPlan | null;
  projectId: string | null;
}

export function useLoginIntent(): LoginIntent {
  const [params] = useSearchParams();
  const plan = params.get('plan')?.toUpperCase();
  return { plan: isCheckoutPlan(plan) ? plan : null, projectId: params.get('projectId') };
}

/** `path` with the plan and project of the intent, so they survive moving between login and signup. */
export function withLoginIntent(path: string, intent: LoginIntent): string {
  const search = new URLSearchParams();
  if (intent.plan) search.set('plan', intent.plan);
  if (intent.projectId) search.set('projectId', intent.projectId);
  return search.size ? `${path}?${search}` : path;
}

/**
 * After a login or signup call answered with a token: start the session (SPEC.md 4.3) and
 * route (SPEC.md 2): the checkout URL when a plan was chosen, the project when one was given,
 * the dashboard otherwise (also when the checkout cannot start: the account exists, so the person
 * is in, and the dashboard offers the checkout again). Rejects with the ApiError of a failed session.
 */
export function useCompleteLogin() {
  const dispatch = useDispatch<AuthDispatch>();
  const navigate = useNavigate();
  const paths = useAuthPaths();
  const intent = useLoginIntent();

  return useCallback(
    async (token: string, email?: string, intentOverride?: LoginIntent) => {
      await dispatch(startSession({ token, email })).unwrap();
      const destination = await dispatch(
        destinationAfterLogin({
          ...(intentOverride ?? intent),
          projectPath: paths.project,
          homePath: paths.dashboard,
        }),
      ).unwrap();
      if (destination.kind === 'external')
        (paths.openExternalUrl ?? ((url) => window.location.assign(url)))(destination.url);
      else
        navigate(destination.to, {
          replace: true,
          // The dashboard reads it: what went wrong with the checkout, and a way to retry.
          state: destination.failedCheckout ? { failedCheckout: destination.failedCheckout } : null,
        });
    },
    [dispatch, navigate, paths, intent],
  );
}
