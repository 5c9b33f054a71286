import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
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
