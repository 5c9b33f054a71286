import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { noopAnalytics, type Analytics } from './analytics';

const AnalyticsContext = createContext<Analytics>(noopAnalytics);

export interface AnalyticsProviderProps {
  analytics: Analytics;
  children: ReactNode;
}

export function AnalyticsProvider({ analytics, children }: AnalyticsProviderProps) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}

/** SPEC.md 2: a page view is recorded on every route change. Render it once inside the router. */
export function PageViewTracker() {
  const analytics = useAnalytics();
  const { pathname, search } = useLocation();
  useEffect(() => {
    analytics.pageView(pathname + search);
  }, [analytics, pathname, search]);
  return null;
}
