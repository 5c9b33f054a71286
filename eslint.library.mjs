import baseConfig from './eslint.config.mjs';

/** What no library's package.json has to name: lint configs, specs, stories and test helpers. */
const NOT_SHIPPED = [
  '{projectRoot}/eslint.config.{js,cjs,mjs}',
  '{projectRoot}/**/*.spec.{ts,tsx}',
  '{projectRoot}/**/*.stories.tsx',
  '{projectRoot}/src/**/test-utils/**',
];

/**
 * A library's lint: the workspace's rules, and its package.json checked against what its shipped
 * sources import (@nx/dependency-checks).
 * - `testingEntry`: its `src/testing.ts` is for other projects' specs, not shipped (default true);
 * - `ignoredFiles`: more files that are not shipped (build scripts, data);
 * - `ignoredDependencies`: real dependencies no source names (react for compiled JSX, peers);
 * - `ignores`: JSON files that are no part of it (a package.json of bundled data);
 * - `extra`: more flat-config blocks of its own.
 */
export async function libraryConfig({
  testingEntry = true,
  ignoredFiles = [],
  ignoredDependencies = [],
  ignores = [],
  extra = [],
} = {}) {
  return [
    ...baseConfig,
    ...extra,
    {
      files: ['**/*.json'],
      ...(ignores.length ? { ignores } : {}),
      rules: {
        '@nx/dependency-checks': [
          'error',
          {
            ignoredFiles: [
              ...NOT_SHIPPED,
              ...(testingEntry ? ['{projectRoot}/src/testing.ts'] : []),
              ...ignoredFiles.map((file) => `{projectRoot}/${file}`),
            ],
            ...(ignoredDependencies.length ? { ignoredDependencies } : {}),
          },
        ],
      },
      languageOptions: { parser: await import('jsonc-eslint-parser') },
    },
  ];
}
