import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    // The starter is a browser app of its own (data this node library bundles), not library code:
    // it may import React, and its imports are not this library's dependencies.
    files: ['starter/**'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.json'],
    ignores: ['starter/**'],
    rules: {
      '@nx/dependency-checks': [
        'error',
        { ignoredFiles: ['{projectRoot}/eslint.config.{js,cjs,mjs}', '{projectRoot}/**/*.spec.{ts,tsx}', '{projectRoot}/**/*.stories.tsx', '{projectRoot}/src/testing.ts', '{projectRoot}/src/**/test-utils/**', '{projectRoot}/starter/**', '{projectRoot}/scripts/**'] },
      ],
    },
    languageOptions: { parser: await import('jsonc-eslint-parser') },
  },
];
