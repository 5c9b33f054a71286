import { libraryConfig } from '../../eslint.library.mjs';

export default await libraryConfig();
