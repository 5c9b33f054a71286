#!/usr/bin/env node
// Scaffolds a Mason library with its tags, package.json, tsconfigs, jest config, lint config,
// index and README, and registers its import path, so that every library starts by the rules
// of STYLE.md.
//   node tools/generators/library.mjs NAME --type feature|data-access|ui|util
//        --scope SCOPE --platform web|node|universal [--description TEXT]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    type: { type: 'string' },
    scope: { type: 'string' },
    platform: { type: 'string' },
    description: { type: 'string', default: '' },
  },
});
const [name] = positionals;
const types = ['feature', 'data-access', 'ui', 'util'];
const platforms = ['web', 'node', 'universal'];
if (
  !name ||
  !/^[a-z][a-z0-9-]*$/.test(name) ||
  !types.includes(values.type) ||
  !values.scope ||
  !platforms.includes(values.platform)
) {
  console.error(
    'usage: library.mjs NAME --type feature|data-access|ui|util --scope SCOPE --platform web|node|universal',
  );
  process.exit(2);
}

const root = path.join('libs', name);
if (fs.existsSync(root)) {
  console.error(`${root} exists already`);
  process.exit(1);
}
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const json = (value) => JSON.stringify(value, null, 2) + '\n';
const web = values.platform === 'web';
const pkg = `@mason/${name}`;

write(
  'project.json',
  json({
    name,
    $schema: '../../node_modules/nx/schemas/project-schema.json',
    sourceRoot: `${root}/src`,
    projectType: 'library',
    tags: [`type:${values.type}`, `scope:${values.scope}`, `platform:${values.platform}`],
    targets: {
      // One ES module per entry with its bundled .d.ts and a package.json with exports (tools/build).
      build: {
        executor: 'nx:run-commands',
        outputs: ['{workspaceRoot}/dist/{projectRoot}'],
        inputs: ['production', '^production', '{workspaceRoot}/tools/build/library.mjs'],
        options: { command: 'node tools/build/library.mjs {projectRoot}' },
      },
      typecheck: {},
    },
  }),
);
write(
  'package.json',
  json({
    name: pkg,
    version: '0.0.1',
    description: values.description,
    license: 'MIT',
    type: 'module',
    sideEffects: false,
    dependencies: {},
    ...(web ? { peerDependencies: {} } : {}),
  }),
);
write(
  'tsconfig.json',
  json({
    extends: '../../tsconfig.base.json',
    compilerOptions: {
      types: web ? ['jest', 'node', '@testing-library/jest-dom'] : ['jest', 'node'],
    },
    include: ['src/**/*.ts', 'src/**/*.tsx'],
  }),
);
write(
  'tsconfig.lib.json',
  json({
    extends: './tsconfig.json',
    compilerOptions: { outDir: '../../dist/out-tsc', declaration: true, types: ['node'] },
    include: ['src/**/*.ts', 'src/**/*.tsx'],
    exclude: [
      'src/**/*.spec.ts',
      'src/**/*.spec.tsx',
      'src/**/*.stories.tsx',
      'src/testing.ts',
      'src/test-utils/**',
    ],
  }),
);
write(
  'jest.config.cjs',
  `module.exports = {
  displayName: '${name}',
  preset: '../../jest.preset.js',
  testEnvironment: '${web ? 'jest-fixed-jsdom' : 'node'}',${web ? "\n  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/setup-dom.ts']," : ''}
  coverageDirectory: '../../coverage/${root}',
};
`,
);
write(
  'eslint.config.mjs',
  `import { libraryConfig } from '../../eslint.library.mjs';\n\nexport default await libraryConfig();\n`,
);
write('src/index.ts', `// Public API of ${pkg}: name every export.\nexport {};\n`);
write(
  'README.md',
  `# ${pkg}

${values.description || 'TODO: one paragraph on what this library is for.'}

- Tags: \`type:${values.type}\`, \`scope:${values.scope}\`, \`platform:${values.platform}\`
- Public API: see \`src/index.ts\`.
- Test: \`npx nx test ${name}\`; lint: \`npx nx lint ${name}\`.
`,
);

const basePath = 'tsconfig.base.json';
const base = JSON.parse(fs.readFileSync(basePath, 'utf8'));
base.compilerOptions.paths[pkg] = [`./${root}/src/index.ts`];
base.compilerOptions.paths = Object.fromEntries(
  Object.entries(base.compilerOptions.paths).sort(([a], [b]) => a.localeCompare(b)),
);
fs.writeFileSync(basePath, json(base));
console.log(`created ${root} (${pkg})`);
