import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_PACKAGES } from '@mason/server-workspace';
import { APP_PACKAGE_VERSIONS, packageNameOf, runtimePackageNames } from './app-packages';

/** Mason's own folder: its node_modules (the preview takes the runtime packages from there) and package.json. */
const mason = join(__dirname, '../../../../..');
const readJson = (path: string) => JSON.parse(readFileSync(join(mason, path), 'utf8'));
const installed = (name: string) =>
  (readJson(`node_modules/${name}/package.json`) as { version: string }).version;
const rootManifest = readJson('package.json') as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('APP_PACKAGE_VERSIONS', () => {
  it('pins every package the preview provides an app, and nothing else, as dependencies', () => {
    expect(Object.keys(APP_PACKAGE_VERSIONS.dependencies).sort()).toEqual(runtimePackageNames());
    for (const specifier of RUNTIME_PACKAGES)
      expect(APP_PACKAGE_VERSIONS.dependencies).toHaveProperty([packageNameOf(specifier)]);
  });

  it.each(
    Object.entries({
      ...APP_PACKAGE_VERSIONS.dependencies,
      ...APP_PACKAGE_VERSIONS.devDependencies,
    }),
  )(
    '%s is pinned at the version installed in Mason (%s), the one its package.json names',
    (name, version) => {
      // Out of date after an upgrade: set the version in app-packages.ts.
      expect(installed(name)).toBe(version);
      expect(rootManifest.dependencies[name] ?? rootManifest.devDependencies[name]).toBe(version);
    },
  );
});

describe('packageNameOf', () => {
  it.each([
    ['react', 'react'],
    ['react-dom/client', 'react-dom'],
    ['react/jsx-runtime', 'react'],
    ['@vitejs/plugin-react', '@vitejs/plugin-react'],
    ['@scope/name/sub/path', '@scope/name'],
  ])('%s is in the package %s', (specifier, name) => {
    expect(packageNameOf(specifier)).toBe(name);
  });
});
