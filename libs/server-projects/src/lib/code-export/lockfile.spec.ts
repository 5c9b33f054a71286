import { APP_PACKAGE_VERSIONS } from './app-packages';
import { APP_LOCKED_PACKAGES } from './app-locked-packages';
import { lockfileFor } from './lockfile';

const pins = { ...APP_PACKAGE_VERSIONS.dependencies, ...APP_PACKAGE_VERSIONS.devDependencies };

describe('the downloaded project’s lockfile', () => {
  it.each(Object.entries(pins))(
    'locks %s at the version the download pins (%s)',
    (name, version) => {
      // Out of date after an upgrade: run `npx nx run server-projects:app-lockfile`.
      expect(APP_LOCKED_PACKAGES[`node_modules/${name}`]?.['version']).toBe(version);
    },
  );

  it('locks every package it holds by version and integrity (npm ci checks both)', () => {
    for (const [key, entry] of Object.entries(APP_LOCKED_PACKAGES)) {
      expect(key).toMatch(
        /^node_modules\/(?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*$/,
      );
      expect(entry['version']).toEqual(expect.any(String));
      // A package bundled inside another comes with it.
      if (!entry['inBundle'])
        expect([key, entry['integrity']]).toEqual([key, expect.stringMatching(/^sha512-/)]);
    }
  });

  it('answers the root entry from package.json, and null for a package it does not hold', () => {
    const manifest = {
      name: 'recipes',
      version: '1.0.0',
      dependencies: { ...APP_PACKAGE_VERSIONS.dependencies },
      devDependencies: { ...APP_PACKAGE_VERSIONS.devDependencies },
    };
    const lock = JSON.parse(lockfileFor(manifest) ?? 'null');
    expect(lock).toMatchObject({
      name: 'recipes',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
    });
    expect(lock.packages['']).toEqual(manifest);

    expect(
      lockfileFor({ ...manifest, dependencies: { ...manifest.dependencies, react: '^19.0.0' } }),
    ).toBeNull();
    expect(
      lockfileFor({ ...manifest, dependencies: { ...manifest.dependencies, zod: '4.0.0' } }),
    ).toBeNull();
    expect(lockfileFor({ ...manifest, peerDependencies: { vue: '3.5.0' } })).toBeNull();
  });
});
