import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OpenExternalUrl } from '../shared/external-url';

/**
 * Goes where the server says next: a URL of this app (a path, or an absolute URL of this origin)
 * is a route change, anything else is a new page.
 */
export function useFollowRedirect(openExternalUrl: OpenExternalUrl): (url: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin)
        void navigate(`${target.pathname}${target.search}${target.hash}`);
      else openExternalUrl(target.href);
    },
    [navigate, openExternalUrl],
  );
}
