import { createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi, isApiSessionEnd } from '@mason/api-client';
import { clearStoredSession } from './session-storage';
import type { AuthRootState } from './session-thunks';

/**
 * SPEC.md 4.4: a 401 announced by api-client ends the session like a logout: the stored token
 * and e-mail are cleared and the cached data of the old session is dropped. One per store.
 * A visitor who has no session (a 401 on a public project page) has nothing to end: the cache
 * keeps the failed call, so the page sees its error instead of asking again and again.
 */
export function createSessionListener() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isApiSessionEnd,
    effect: async (_action, { dispatch, delay, getOriginalState }) => {
      const { session } = getOriginalState() as AuthRootState;
      if (session.token === null) return;
      clearStoredSession();
      // The 401 is announced from inside the failing call, and resetting the cache aborts every
      // call in flight: wait until that call has settled, so its caller gets its ApiError and the
      // api listener still raises its toast ('Cannot find project...' on a /projects path).
      await delay(0);
      dispatch(baseApi.util.resetApiState());
    },
  });
  return listener;
}
