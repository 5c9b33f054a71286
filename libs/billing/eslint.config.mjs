import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    files: ['**/*.json'],
    rules: {
      '@nx/dependency-checks': [
        'error',
        // Its JSX compiles to imports of react/jsx-runtime, which the source never names.
        { ignoredDependencies: ['react'], ignoredFiles: ['{projectRoot}/eslint.config.{js,cjs,mjs}', '{projectRoot}/**/*.spec.{ts,tsx}', '{projectRoot}/**/*.stories.tsx', '{projectRoot}/src/testing.ts', '{projectRoot}/src/**/test-utils/**'] },
      ],
    },
    languageOptions: { parser: await import('jsonc-eslint-parser') },
  },
];
