import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import { noCycles } from './tools/lint/cycles.mjs';

/** Packages a node or universal project must never import (STYLE.md: platform rules). */
const browserOnly = [
  'react',
  'react-dom',
  'react-dom/*',
  'styled-components',
  'react-redux',
  '@reduxjs/toolkit/query/react',
  'notistack',
  'react-router',
];

/** Which projects may import which (STYLE.md: layout and boundaries). */
const depConstraints = [
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: [
      'type:feature',
      'type:data-access',
      'type:ui',
      'type:util',
      'type:testing',
    ],
  },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util', 'type:testing'],
  },
  // Test harnesses: used by the specs of features and apps, never by their runtime code.
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util'],
  },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  {
    sourceTag: 'platform:universal',
    onlyDependOnLibsWithTags: ['platform:universal'],
    bannedExternalImports: browserOnly,
  },
  {
    sourceTag: 'platform:node',
    onlyDependOnLibsWithTags: ['platform:node', 'platform:universal'],
    bannedExternalImports: browserOnly,
  },
  { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:universal'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:auth', onlyDependOnLibsWithTags: ['scope:shared', 'scope:auth'] },
  { sourceTag: 'scope:billing', onlyDependOnLibsWithTags: ['scope:shared', 'scope:billing'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  { sourceTag: 'scope:marketing', onlyDependOnLibsWithTags: ['scope:shared', 'scope:marketing'] },
  { sourceTag: 'scope:layout', onlyDependOnLibsWithTags: ['scope:shared', 'scope:layout'] },
  { sourceTag: 'scope:projects', onlyDependOnLibsWithTags: ['scope:shared', 'scope:projects'] },
  { sourceTag: 'scope:task-chat', onlyDependOnLibsWithTags: ['scope:shared', 'scope:task-chat'] },
  { sourceTag: 'scope:preview', onlyDependOnLibsWithTags: ['scope:shared', 'scope:preview'] },
  {
    sourceTag: 'scope:visual-edit',
    onlyDependOnLibsWithTags: ['scope:shared', 'scope:visual-edit'],
  },
  {
    sourceTag: 'scope:integrations',
    onlyDependOnLibsWithTags: ['scope:shared', 'scope:integrations'],
  },
  { sourceTag: 'scope:publishing', onlyDependOnLibsWithTags: ['scope:shared', 'scope:publishing'] },
  {
    sourceTag: 'scope:web',
    onlyDependOnLibsWithTags: [
      'scope:shared',
      'scope:auth',
      'scope:billing',
      'scope:marketing',
      'scope:layout',
      'scope:projects',
      'scope:task-chat',
      'scope:preview',
      'scope:visual-edit',
      'scope:integrations',
      'scope:publishing',
      'scope:web',
    ],
  },
  // End-to-end tests drive the real server and its test doubles (the scripted model server).
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  {
    sourceTag: 'scope:api',
    onlyDependOnLibsWithTags: ['scope:shared', 'scope:server', 'scope:api'],
  },
];

/** Specs and their test-utils may also use test harnesses (type:testing), whatever their type. */
const specDepConstraints = depConstraints.map((rule) =>
  rule.sourceTag.startsWith('type:') && !rule.onlyDependOnLibsWithTags.includes('type:testing')
    ? { ...rule, onlyDependOnLibsWithTags: [...rule.onlyDependOnLibsWithTags, 'type:testing'] }
    : rule,
);

const boundaries = (constraints) => ({
  enforceBuildableLibDependency: true,
  banTransitiveDependencies: true,
  allow: [],
  depConstraints: constraints,
});

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/out-tsc',
      '**/coverage',
      '**/storybook-static',
      '**/test-results',
      '**/playwright-report',
      '**/vite.config.*.timestamp*',
      '.nx',
      'tmp',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    ignores: [
      '**/eslint.config.mjs',
      '**/jest.config.cjs',
      '**/jest.*.config.cjs',
      '**/vite.config.ts',
      '**/playwright.config.ts',
      '.storybook/**',
    ],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries(depConstraints)],
    },
  },
  {
    // A domain library's own specs may use the server's test harness (type:testing); its
    // runtime code may not (the block above).
    files: ['**/*.spec.ts', '**/*.pg-spec.ts', '**/test-utils/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries(specDepConstraints)],
    },
  },
  ...noCycles,
  {
    files: ['**/*.tsx', '**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Export names explicitly (STYLE.md: no export *).',
        },
      ],
    },
  },
];
