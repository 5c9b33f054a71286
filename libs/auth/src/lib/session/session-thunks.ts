import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { authApi, baseApi, isApiError, subscriptionsApi, usersApi } from '@mason/api-client';
import type { User } from '@mason/contract';
import {
  sessionCleared,
  sessionReady,
  sessionRestored,
  sessionRestoring,
  sessionStarting,
  sessionUnreachable,
} from './session-slice';
import type { SessionState } from './session-slice';
import { clearStoredSession, readStoredSession, writeStoredSession } from './session-storage';

export interface AuthRootState {
  session: SessionState;
  api: ReturnType<typeof baseApi.reducer>;
}
export type AuthDispatch = ThunkDispatch<AuthRootState, unknown, UnknownAction>;

/** Fetches the user and the subscription; a failed subscription fetch is a warning and yields nothing. */
async function loadAccount(dispatch: AuthDispatch): Promise<User> {
  const user = await dispatch(
    usersApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }),
  ).unwrap();
  try {
    await dispatch(
      subscriptionsApi.endpoints.getActiveSubscription.initiate(undefined, { forceRefetch: true }),
    ).unwrap();
  } catch (error) {
    console.warn(
      'Mason could not fetch the subscription; the account counts as free for now.',
      error,
    );
  }
  return user;
}

const UNREACHABLE = 'Mason cannot reach its server.';

const isUnreachable = (error: unknown) =>
  isApiError(error) &&
  (error.status === 'NETWORK' ||
    error.status === 'TIMEOUT' ||
    (typeof error.status === 'number' && error.status >= 500));

/** SPEC.md 4.1-4.2: on load, a stored token and e-mail are restored by fetching the user and subscription. */
export const restoreSession = createAsyncThunk<
  User | null,
  void,
  { dispatch: AuthDispatch; state: AuthRootState }
>('session/restore', async (_, { dispatch }) => {
  dispatch(sessionRestoring());
  const stored = readStoredSession();
  if (!stored) {
    dispatch(sessionCleared());
    return null;
  }
  dispatch(sessionRestored(stored));
  try {
    const user = await loadAccount(dispatch);
    dispatch(sessionReady());
    return user;
  } catch (error) {
    if (isUnreachable(error)) {
      dispatch(sessionUnreachable(isApiError(error) ? error.message : UNREACHABLE));
      return null;
    }
    clearStoredSession();
    dispatch(sessionCleared());
    return null;
  }
});

/**
 * SPEC.md 4.3: login or signup clears state, marks auth as loading, stores the token and
 * e-mail, sets the bearer header (the base query reads the token from the store), then
 * fetches the user and the subscription.
 */
export const startSession = createAsyncThunk<
  User,
  { token: string; email?: string },
  { dispatch: AuthDispatch; state: AuthRootState }
>('session/start', async ({ token, email }, { dispatch }) => {
  dispatch(baseApi.util.resetApiState());
  dispatch(sessionStarting({ token, email: email ?? '' }));
  if (email) writeStoredSession({ token, email });
  try {
    const user = await loadAccount(dispatch);
    // Google sign-in learns the e-mail only from the account itself.
    if (!email) {
      writeStoredSession({ token, email: user.email });
      dispatch(sessionRestored({ token, email: user.email }));
    }
    dispatch(sessionReady());
    return user;
  } catch (error) {
    clearStoredSession();
    dispatch(sessionCleared());
    throw error;
  }
});

/** SPEC.md 4.4: logout clears the stored session and the auth header; the server revokes the token. */
export const logout = createAsyncThunk<
  void,
  void,
  { dispatch: AuthDispatch; state: AuthRootState }
>('session/logout', async (_, { dispatch }) => {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch {
    // The token is forgotten here whatever the server says; an unreachable server cannot keep it alive.
  }
  clearStoredSession();
  dispatch(sessionCleared());
  dispatch(baseApi.util.resetApiState());
});
