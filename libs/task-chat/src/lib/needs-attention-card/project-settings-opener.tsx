import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/** Opens the project Settings (where the code-hosting section is). */
export type OpenProjectSettings = () => void;

/**
 * Where the workspace bar (ProjectHeader, which owns the Settings dialog) leaves its way to open
 * them, and where the chat's cards find it. The bar and the chat are siblings in the workspace,
 * so the bar registers its opener with the workspace's provider, and the card reads it. It lives
 * with the card: project-workspace/ imports the chat, so the chat cannot import it back.
 */
export interface ProjectSettingsOpeners {
  /** Registers an opener; the newest one is the one used. Returns its removal. */
  register: (open: OpenProjectSettings) => () => void;
  subscribe: (listener: () => void) => () => void;
  /** The opener of the bar on the page, or null when there is none. */
  current: () => OpenProjectSettings | null;
}

export function createProjectSettingsOpeners(): ProjectSettingsOpeners {
  const openers: OpenProjectSettings[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    register: (open) => {
      openers.push(open);
      changed();
      return () => {
        const index = openers.lastIndexOf(open);
        if (index >= 0) openers.splice(index, 1);
        changed();
      };
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => openers[openers.length - 1] ?? null,
  };
}

/** Null outside a workspace (ProjectWorkspace provides one): no card offers the Settings. */
const ProjectSettingsOpenerContext = createContext<ProjectSettingsOpeners | null>(null);

export interface ProjectSettingsOpenerProviderProps {
  children: ReactNode;
}

/** The openers of one workspace: its bar registers, its chat's cards open. */
export function ProjectSettingsOpenerProvider({ children }: ProjectSettingsOpenerProviderProps) {
  const [openers] = useState(createProjectSettingsOpeners);
  return (
    <ProjectSettingsOpenerContext.Provider value={openers}>
      {children}
    </ProjectSettingsOpenerContext.Provider>
  );
}

/** The bar offers `open` while it is mounted. */
export function useProvideProjectSettingsOpener(open: OpenProjectSettings): void {
  const openers = useContext(ProjectSettingsOpenerContext);
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => openers?.register(() => latest.current()), [openers]);
}

const NO_OPENER = () => () => undefined;
const noOpener = () => null;

/** Opens the project Settings, or null outside a workspace (a story, a task page of its own). */
export function useProjectSettingsOpener(): OpenProjectSettings | null {
  const openers = useContext(ProjectSettingsOpenerContext);
  return useSyncExternalStore(
    openers?.subscribe ?? NO_OPENER,
    openers?.current ?? noOpener,
    noOpener,
  );
}
