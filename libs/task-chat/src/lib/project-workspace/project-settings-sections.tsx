import { createContext, useContext, type ReactNode } from 'react';
import type { Project } from '@mason/contract';

/** Sections other features add to the project Settings, under its own form (code hosting). */
export type ProjectSettingsSections = (project: Project) => ReactNode;

const ProjectSettingsSectionsContext = createContext<ProjectSettingsSections | null>(null);

export interface ProjectSettingsSectionsProviderProps {
  sections: ProjectSettingsSections;
  children: ReactNode;
}

/**
 * The shell gives the project Settings the sections of other features (a feature never imports
 * another): rendered while the Settings are open, in order, after the project's own fields.
 */
export function ProjectSettingsSectionsProvider({
  sections,
  children,
}: ProjectSettingsSectionsProviderProps) {
  return (
    <ProjectSettingsSectionsContext.Provider value={sections}>
      {children}
    </ProjectSettingsSectionsContext.Provider>
  );
}

/** The sections the shell gave, or null. */
export const useProjectSettingsSections = (): ProjectSettingsSections | null =>
  useContext(ProjectSettingsSectionsContext);
