import { APP_LOCKED_PACKAGES, APP_LOCKFILE_VERSION } from './app-locked-packages';

/** The sections of package.json that npm checks a lockfile against. */
const DEPENDENCY_SECTIONS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;

type Manifest = Record<string, unknown>;

const sectionOf = (manifest: Manifest, section: string): Record<string, unknown> => {
  const value = manifest[section];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
};

/**
 * The package-lock.json of a downloaded project whose package.json is `manifest` (as
 * mergePackageJson made it), so that `npm ci` installs exactly the packages the preview ran the app
 * with; null when the package.json names a package the lock does not hold at that very version
 * (one the project added itself: Mason never ran the app with it, and only the registry could
 * resolve it: `npm install` then writes the lock).
 */
export function lockfileFor(manifest: Manifest): string | null {
  for (const section of DEPENDENCY_SECTIONS) {
    for (const [name, range] of Object.entries(sectionOf(manifest, section))) {
      const locked = APP_LOCKED_PACKAGES[`node_modules/${name}`];
      if (!locked || locked['version'] !== range) return null;
    }
  }
  const root: Record<string, unknown> = {};
  for (const field of ['name', 'version'] as const) {
    if (typeof manifest[field] === 'string') root[field] = manifest[field];
  }
  for (const section of DEPENDENCY_SECTIONS) {
    const packages = sectionOf(manifest, section);
    if (Object.keys(packages).length > 0) root[section] = packages;
  }
  const lock = {
    ...(typeof manifest['name'] === 'string' && { name: manifest['name'] }),
    ...(typeof manifest['version'] === 'string' && { version: manifest['version'] }),
    lockfileVersion: APP_LOCKFILE_VERSION,
    requires: true,
    packages: { '': root, ...APP_LOCKED_PACKAGES },
  };
  return `${JSON.stringify(lock, null, 2)}\n`;
}
