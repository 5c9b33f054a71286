import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { apiSessionEnded, apiSessionExpired } from '@mason/api-client';
import type { StoredSession } from './session-storage';

/**
 * SPEC.md 4, authentication: initializing on load; restoring from storage; loading while a
 * login or signup completes; then authenticated or anonymous. `unreachable` is ours: the
 * server could not be reached while restoring, so the person gets a way to retry.
 */
export type SessionStatus =
  'initializing' | 'anonymous' | 'loading' | 'authenticated' | 'unreachable';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  email: string | null;
  error: string | null;
}

export const initialSessionState: SessionState = {
  status: 'initializing',
  token: null,
  email: null,
  error: null,
};

const signedOut = (): SessionState => ({
  status: 'anonymous',
  token: null,
  email: null,
  error: null,
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionRestoring(state) {
      state.status = 'initializing';
      state.error = null;
    },
    /** A stored session was found on load: auth stays initializing until the account is fetched. */
    sessionRestored(state, action: PayloadAction<StoredSession>) {
      state.token = action.payload.token;
      state.email = action.payload.email;
    },
    /** Login or signup answered with a token: auth is loading until the account is fetched. */
    sessionStarting(state, action: PayloadAction<StoredSession>) {
      state.status = 'loading';
      state.token = action.payload.token;
      state.email = action.payload.email;
      state.error = null;
    },
    sessionReady(state) {
      state.status = 'authenticated';
      state.error = null;
    },
    sessionUnreachable(state, action: PayloadAction<string>) {
      state.status = 'unreachable';
      state.error = action.payload;
    },
    sessionCleared: signedOut,
  },
  extraReducers: (builder) => {
    // api-client announces a 401; the session ends here (SPEC.md 4.4), the shell redirects.
    builder.addCase(apiSessionEnded, signedOut).addCase(apiSessionExpired, signedOut);
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectSessionToken: (state) => state.token,
    selectSessionEmail: (state) => state.email,
    selectSessionError: (state) => state.error,
    selectIsAuthenticated: (state) => state.status === 'authenticated',
  },
});

export const {
  sessionRestoring,
  sessionRestored,
  sessionStarting,
  sessionReady,
  sessionUnreachable,
  sessionCleared,
} = sessionSlice.actions;
export const {
  selectSessionStatus,
  selectSessionToken,
  selectSessionEmail,
  selectSessionError,
  selectIsAuthenticated,
} = sessionSlice.selectors;
