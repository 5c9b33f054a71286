import { createAsyncThunk } from '@reduxjs/toolkit';
import { isApiError, paymentsApi, readReferralCookie } from '@mason/api-client';
import type { CheckoutPlan } from '@mason/contract';
import type { AuthDispatch, AuthRootState } from './session-thunks';

/**
 * A checkout that could not start after login or sign-up. The person is in all the same: they
 * land on the dashboard, which says what happened and offers to try again.
 */
export interface FailedCheckout {
  plan: CheckoutPlan;
  message: string;
}

/** Where to go after login (SPEC.md 2): a checkout URL, a project, or the dashboard. */
export type Destination =
  | { kind: 'external'; url: string }
  | { kind: 'internal'; to: string; failedCheckout?: FailedCheckout };

export interface AfterLoginTargets {
  plan?: CheckoutPlan | null;
  projectId?: string | null;
  projectPath: (projectId: string) => string;
  homePath: string;
}

const CHECKOUT_FAILED = 'The payment page could not be opened. Please try again.';

export const destinationAfterLogin = createAsyncThunk<
  Destination,
  AfterLoginTargets,
  { dispatch: AuthDispatch; state: AuthRootState }
>('session/destination', async ({ plan, projectId, projectPath, homePath }, { dispatch }) => {
  if (plan) {
    try {
      const { checkoutUrl } = await dispatch(
        paymentsApi.endpoints.createCheckout.initiate({
          type: plan,
          referral: readReferralCookie(),
        }),
      ).unwrap();
      return { kind: 'external', url: checkoutUrl };
    } catch (error) {
      const message = isApiError(error) ? error.message : CHECKOUT_FAILED;
      return { kind: 'internal', to: homePath, failedCheckout: { plan, message } };
    }
  }
  if (projectId) return { kind: 'internal', to: projectPath(projectId) };
  return { kind: 'internal', to: homePath };
});
