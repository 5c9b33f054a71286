import type { AgentFiles, Diagnostic } from '../lib/types';

export interface MemoryAgentFilesOptions {
  /** Compiles the files as they are now; no diagnostics by default. */
  readonly check?: (
    files: ReadonlyMap<string, string>,
  ) => readonly Diagnostic[] | Promise<readonly Diagnostic[]>;
}

export interface MemoryAgentFiles extends AgentFiles {
  /** The files now, by path. */
  readonly files: ReadonlyMap<string, string>;
  /** How many times check() ran. */
  readonly checks: number;
}

/** Refuses what a real project tree refuses, with a message the model can act on. */
export function assertProjectPath(path: string): void {
  if (typeof path !== 'string' || path.length === 0)
    throw new Error('The path is empty. Give a path like "src/App.tsx".');
  if (path.includes('\u0000')) throw new Error('The path contains a NUL byte.');
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path)) {
    throw new Error(
      `${path} is an absolute path. Use a path relative to the project root, like "src/App.tsx".`,
    );
  }
  if (path.split(/[\\/]/).some((segment) => segment === '..')) {
    throw new Error(`${path} leaves the project. Use a path inside it, like "src/App.tsx".`);
  }
}

/** An AgentFiles in memory, for tests of the agent (the real working tree is server-workspace's). */
export function createMemoryAgentFiles(
  initial: Readonly<Record<string, string>> = {},
  options: MemoryAgentFilesOptions = {},
): MemoryAgentFiles {
  const files = new Map(Object.entries(initial));
  let checks = 0;
  const normalize = (path: string) => {
    assertProjectPath(path);
    return path.replace(/^\.\//, '');
  };
  return {
    files,
    get checks() {
      return checks;
    },
    async list() {
      return [...files.keys()].sort();
    },
    async read(path) {
      return files.get(normalize(path)) ?? null;
    },
    async write(path, content) {
      files.set(normalize(path), content);
    },
    async delete(path) {
      return files.delete(normalize(path));
    },
    async check() {
      checks += 1;
      return options.check ? await options.check(files) : [];
    },
  };
}
