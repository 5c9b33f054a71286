import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useGetCurrentUserQuery } from '@mason/api-client';
import { useAnalytics } from '@mason/analytics';
import { selectIsAuthenticated } from './session-slice';

/**
 * SPEC.md 7: after login and after a restore, the person is identified to analytics with id,
 * e-mail and full name; after logout analytics forgets them. Render once inside the providers.
 */
export function SessionAnalytics() {
  const analytics = useAnalytics();
  const signedIn = useSelector(selectIsAuthenticated);
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn });
  const id = signedIn ? user?.id : undefined;

  useEffect(() => {
    if (!user || !id) return;
    analytics.identify({
      id,
      email: user.email,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
    });
    // Identify once per signed-in person, not on every refetch of the same user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [analytics, id]);

  // Forget the person only when a session ends: an anonymous visit is not a new visitor each time.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) analytics.reset();
    wasSignedIn.current = signedIn;
  }, [analytics, signedIn]);

  return null;
}
