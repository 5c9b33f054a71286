import { libraryConfig } from '../../eslint.library.mjs';

// Its JSX compiles to imports of react/jsx-runtime, which the source never names.
export default await libraryConfig({ ignoredDependencies: ['react'] });
