import { createContext, useContext, type ReactNode } from 'react';

/** The URLs the auth screens link to. The shell owns them and provides them once. */
export interface AuthPaths {
  home: string;
  login: string;
  signup: string;
  passwordReset: string;
  dashboard: string;
  settings: string;
  waitlist: string;
  pricing: string;
  terms: string;
  privacy: string;
  googleCallback: string;
  project: (projectId: string) => string;
  /** Leaves Mason for another site (a checkout page, Google). Default: window.location.assign. */
  openExternalUrl?: (url: string) => void;
}

const AuthPathsContext = createContext<AuthPaths | null>(null);

export interface AuthPathsProviderProps {
  paths: AuthPaths;
  children: ReactNode;
}

export function AuthPathsProvider({ paths, children }: AuthPathsProviderProps) {
  return <AuthPathsContext.Provider value={paths}>{children}</AuthPathsContext.Provider>;
}

export function useAuthPaths(): AuthPaths {
  const paths = useContext(AuthPathsContext);
  if (!paths) throw new Error('useAuthPaths needs an <AuthPathsProvider> above it.');
  return paths;
}
