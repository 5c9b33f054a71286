// One jest setup for every project: swc transforms TypeScript and JSX, projects pick their
// environment (node for server code, jest-fixed-jsdom for React code).
const nxPreset = require('@nx/jest/preset').default;
const path = require('node:path');

// Packages that ship only ES modules: msw's (until-async, .mjs files) and the chat's markdown
// pipeline (react-markdown, the unified / remark / rehype / micromark family, lowlight). swc
// turns them into CommonJS like our own code; the rest of node_modules is left as is.
const esmOnlyPackages = [
  'until-async',
  'react-markdown',
  'remark-.*',
  'rehype-.*',
  'unified',
  'bail',
  'is-plain-obj',
  'trough',
  'vfile.*',
  'unist-.*',
  'mdast-.*',
  'micromark.*',
  'decode-named-character-reference',
  'character-entities.*',
  'character-reference-invalid',
  'is-alphanumerical',
  'is-alphabetical',
  'is-decimal',
  'is-hexadecimal',
  'property-information',
  'hast-.*',
  'hastscript',
  'space-separated-tokens',
  'comma-separated-tokens',
  'html-url-attributes',
  'devlop',
  'zwitch',
  'longest-streak',
  'markdown-table',
  'ccount',
  'escape-string-regexp',
  'trim-lines',
  'estree-util-.*',
  'lowlight',
  'web-namespaces',
];

module.exports = {
  ...nxPreset,
  transform: {
    '^.+\\.[tj]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    '^.+\\.mjs$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)(?!.*\\.mjs$)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  testTimeout: 60000,
  moduleNameMapper: {
    '\\.(css|svg|png)$': path.join(__dirname, 'tools/jest/file-stub.cjs'),
  },
};
