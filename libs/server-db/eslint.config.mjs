import { libraryConfig } from '../../eslint.library.mjs';

export default await libraryConfig({ ignoredFiles: ['drizzle.config.ts', 'jest/**'] });
