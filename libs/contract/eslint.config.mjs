import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    files: ['**/*.ts'],
    rules: {
      // The web app loads these schemas on /login: classic zod would add ~20 KB gzip to it.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Use zod/mini (`import * as z from 'zod/mini'`): the web bundle must stay small." }] },
      ],
    },
  },
  {
    files: ['**/*.json'],
    rules: {
      '@nx/dependency-checks': [
        'error',
        { ignoredFiles: ['{projectRoot}/eslint.config.{js,cjs,mjs}', '{projectRoot}/**/*.spec.{ts,tsx}', '{projectRoot}/**/*.stories.tsx', '{projectRoot}/src/testing.ts', '{projectRoot}/src/**/test-utils/**'] },
      ],
    },
    languageOptions: { parser: await import('jsonc-eslint-parser') },
  },
];
