import { libraryConfig } from '../../eslint.library.mjs';

// PGlite is loaded by the databases' worker threads (src/lib/databases/pglite-thread.ts) with
// Node's require, by a name the checker cannot see.
export default await libraryConfig({ ignoredDependencies: ['@electric-sql/pglite'] });
