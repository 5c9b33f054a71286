import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    files: ['**/*.json'],
    rules: {
      '@nx/dependency-checks': [
        'error',
        {
          ignoredFiles: ['{projectRoot}/eslint.config.{js,cjs,mjs}', '{projectRoot}/**/*.spec.{ts,tsx}', '{projectRoot}/**/*.stories.tsx', '{projectRoot}/src/**/test-utils/**'],
          // The hooks come from '@reduxjs/toolkit/query/react', which needs react and react-redux
          // installed beside it: real peers that no file of ours imports by name.
          ignoredDependencies: ['react', 'react-redux'],
        },
      ],
    },
    languageOptions: { parser: await import('jsonc-eslint-parser') },
  },
];
