import baseConfig from '../../eslint.config.mjs';

// The fixtures hold planted loops on purpose: only cycles.test.mjs lints them.
export default [{ ignores: ['fixtures/**'] }, ...baseConfig];
