import type { FileChangeKind } from '@mason/contract';

/** One file's change between two versions. */
export interface FileChange {
  readonly path: string;
  readonly change: FileChangeKind;
  /** Lines added and removed (0/0 for binary files). */
  readonly additions: number;
  readonly deletions: number;
}

/** A compile error or warning, located in a project file. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  /** Project-relative path, or null when the error is not in a file (e.g. a missing entry). */
  readonly file: string | null;
  /** 1-based; null when unknown. */
  readonly line: number | null;
  /** 1-based, in characters; null when unknown. */
  readonly column: number | null;
  readonly message: string;
}

/**
 * The project's files as one agent turn sees them (the same shape as the agent's AgentFiles).
 * Paths are relative ('src/App.tsx'); a path that leaves the project throws a FilePathError.
 */
export interface WorkingFiles {
  /** Every path, sorted. */
  list(): Promise<string[]>;
  /** utf8 text, or null when there is no such file. */
  read(path: string): Promise<string | null>;
  write(path: string, content: string): Promise<void>;
  /** False when there was no such file. */
  delete(path: string): Promise<boolean>;
  /** Compiles the project as it is now; an empty list means it builds. */
  check(): Promise<Diagnostic[]>;
}
