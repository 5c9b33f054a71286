// The lint rules against import cycles, shared by the workspace's eslint.config.mjs and the
// test that proves them on planted loops (tools/lint/cycles.test.mjs).
//  - file loops: import-x/no-cycle, over relative imports inside a project; a loop between
//    projects (through `@mason/*` names) is reported by @nx/enforce-module-boundaries;
//  - folder loops: mason/no-folder-cycle (./no-folder-cycle.mjs).
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { noFolderCycle } from './no-folder-cycle.mjs';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SOURCES = EXTENSIONS.map((extension) => `**/*${extension}`);

/** The local plugin that holds Mason's own lint rules. */
export const masonPlugin = { meta: { name: 'mason' }, rules: { 'no-folder-cycle': noFolderCycle } };

/** Flat-config blocks that make lint fail on a file loop or a folder loop. */
export const noCycles = [
  {
    files: SOURCES,
    plugins: { 'import-x': importX, mason: masonPlugin },
    settings: {
      // import-x follows (parses) only files with these extensions, TypeScript ones with its parser.
      'import-x/extensions': EXTENSIONS,
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: [...EXTENSIONS, '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'mason/no-folder-cycle': 'error',
    },
  },
];
