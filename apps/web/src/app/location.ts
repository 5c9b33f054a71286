import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The current route's pathname, for the store (api-client's error catalogue depends on the
 * page). The router keeps it current through <LocationSync />; nothing reads window.location.
 */
export interface LocationRef {
  pathname: string;
}

export const currentLocation: LocationRef = { pathname: '/' };

export function LocationSync({ target = currentLocation }: { target?: LocationRef }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    target.pathname = pathname;
  }, [target, pathname]);
  target.pathname = pathname;
  return null;
}
