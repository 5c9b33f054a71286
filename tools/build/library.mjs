#!/usr/bin/env node
// Builds a publishable Mason library into dist/<root> as a package another app can install:
// one ES module per entry (src/index.ts, and src/testing.ts, src/billing.ts or src/preview.ts when
// the library has one: STYLE.md's `./testing`, the contract's `./billing` and `./preview`), the
// code they share in chunks/, a
// bundled .d.ts beside each entry, the README,
// and a package.json whose `exports` name every entry with its types. Node and bundlers load it
// as it is: the output has no extensionless relative import left.
// Every package the code imports stays external and must be declared in the library's
// package.json (dependencies or peerDependencies), or the build fails: what the package needs
// is what it says it needs, as @nx/dependency-checks says of the source.
//   node tools/build/library.mjs libs/NAME
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

const [root] = process.argv.slice(2);
if (!root || !fs.existsSync(path.join(root, 'package.json'))) {
  console.error('usage: node tools/build/library.mjs libs/NAME (a library with a package.json)');
  process.exit(2);
}

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outDir = path.join('dist', root);
const tsconfig = path.join(root, 'tsconfig.lib.json');
const entries = ['index', 'testing', 'billing', 'preview'].filter((name) =>
  fs.existsSync(path.join(root, 'src', `${name}.ts`)),
);
const declared = new Set([
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
]);

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Packages a declared package depends on itself: a declaration file may name their types (the
 * selectors of @reduxjs/toolkit are reselect's), and whoever installs the declared package gets
 * them with it.
 */
const declaredWithTheirDependencies = new Set(declared);
for (const name of declared) {
  const manifest = path.join('node_modules', name, 'package.json');
  if (!fs.existsSync(manifest)) continue;
  const { dependencies = {}, peerDependencies = {} } = JSON.parse(
    fs.readFileSync(manifest, 'utf8'),
  );
  for (const dependency of Object.keys({ ...dependencies, ...peerDependencies }))
    declaredWithTheirDependencies.add(dependency);
}

const undeclared = new Map();
/** Relative and absolute paths are the library's own code (bundled); everything else is a package. */
function external(id, importer) {
  if (id.startsWith('.') || path.isAbsolute(id) || id.startsWith('\0')) return false;
  const name = packageOf(id);
  const known = importer?.endsWith('.d.ts') ? declaredWithTheirDependencies : declared;
  if (!isBuiltin(id) && !known.has(name)) undeclared.set(name, importer);
  return true;
}

fs.rmSync(outDir, { recursive: true, force: true });
await build({
  input: Object.fromEntries(entries.map((name) => [name, path.resolve(root, 'src', `${name}.ts`)])),
  external,
  platform: 'neutral',
  tsconfig,
  transform: { target: 'es2022' },
  checks: { pluginTimings: false },
  plugins: [dts({ tsconfig })],
  output: {
    dir: outDir,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});

if (undeclared.size > 0) {
  for (const [name, importer] of undeclared) {
    console.error(
      `${pkg.name}: ${path.relative('.', importer ?? root)} imports '${name}', which ${root}/package.json does not declare`,
    );
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  process.exit(1);
}

const exportOf = (name) => ({ types: `./${name}.d.ts`, default: `./${name}.js` });
const manifest = {
  ...pkg,
  main: './index.js',
  module: './index.js',
  types: './index.d.ts',
  exports: {
    './package.json': './package.json',
    ...Object.fromEntries(
      entries.map((name) => [name === 'index' ? '.' : `./${name}`, exportOf(name)]),
    ),
  },
};
fs.writeFileSync(path.join(outDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
for (const file of fs.readdirSync(root).filter((name) => name.endsWith('.md'))) {
  fs.copyFileSync(path.join(root, file), path.join(outDir, file));
}
console.log(`${pkg.name}: ${entries.map((name) => `${outDir}/${name}.js`).join(', ')}`);
