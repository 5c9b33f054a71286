import { createContext, useContext, type ReactNode } from 'react';

/** The URLs the publish dialog links to. The shell owns them and provides them once. */
export interface PublishingPaths {
  /** A project's custom domains. */
  domains: (projectId: string) => string;
  /** A project's assets (images, fonts and other files of its public/ folder). */
  assets: (projectId: string) => string;
  /** A project's environment variables. */
  envVariables: (projectId: string) => string;
}

const PublishingPathsContext = createContext<PublishingPaths | null>(null);

export interface PublishingPathsProviderProps {
  paths: PublishingPaths;
  children: ReactNode;
}

export function PublishingPathsProvider({ paths, children }: PublishingPathsProviderProps) {
  return (
    <PublishingPathsContext.Provider value={paths}>{children}</PublishingPathsContext.Provider>
  );
}

export function usePublishingPaths(): PublishingPaths {
  const paths = useContext(PublishingPathsContext);
  if (!paths) throw new Error('usePublishingPaths needs a <PublishingPathsProvider> above it.');
  return paths;
}
