import { createAsyncThunk } from '@reduxjs/toolkit';
import { paymentsApi } from '@mason/api-client';
import type { CheckoutPlan } from '@mason/contract';
import type { AuthDispatch, AuthRootState } from './session-thunks';

/** Where to go after login (SPEC.md 2): a checkout URL, a project, or the dashboard. */
export type Destination = { kind: 'external'; url: string } | { kind: 'internal'; to: string };

export interface AfterLoginTargets {
  plan?: CheckoutPlan | null;
  projectId?: string | null;
  projectPath: (projectId: string) => string;
  homePath: string;
}

export const destinationAfterLogin = createAsyncThunk<
  Destination,
  AfterLoginTargets,
  { dispatch: AuthDispatch; state: AuthRootState }
>('session/destination', async ({ plan, projectId, projectPath, homePath }, { dispatch }) => {
  if (plan) {
    const { checkoutUrl } = await dispatch(
      paymentsApi.endpoints.createCheckout.initiate({ type: plan }),
    ).unwrap();
    return { kind: 'external', url: checkoutUrl };
  }
  if (projectId) return { kind: 'internal', to: projectPath(projectId) };
  return { kind: 'internal', to: homePath };
});
