import { BUNDLED_RUNTIME_PACKAGES, SHARED_RUNTIME_PACKAGES } from '@mason/server-workspace';

/**
 * The exact versions a downloaded project pins, in one place. They are Mason's own: the runtime
 * packages are the ones the preview serves the app with (it bundles them from Mason's
 * node_modules), and the tools are the ones Mason builds itself with. Pinned here rather than read
 * from node_modules at run time, because a production install may leave Mason's devDependencies
 * (vite, typescript) out; app-packages.spec.ts fails as soon as one differs from what is installed,
 * so a dependency upgrade updates this table in the same change.
 */
export const APP_PACKAGE_VERSIONS = Object.freeze({
  /** What the app imports at run time: SHARED_RUNTIME_PACKAGES and BUNDLED_RUNTIME_PACKAGES. */
  dependencies: Object.freeze({
    '@radix-ui/react-checkbox': '1.4.1',
    '@radix-ui/react-dialog': '1.3.1',
    '@radix-ui/react-dropdown-menu': '2.2.1',
    '@radix-ui/react-label': '2.1.17',
    '@radix-ui/react-select': '2.4.1',
    '@radix-ui/react-slot': '1.5.0',
    '@radix-ui/react-switch': '1.4.1',
    '@radix-ui/react-tabs': '1.2.1',
    '@radix-ui/react-toast': '1.3.1',
    '@supabase/supabase-js': '2.119.0',
    'class-variance-authority': '0.7.1',
    clsx: '2.1.1',
    'lucide-react': '1.73.0',
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-router': '7.18.5',
    'tailwind-merge': '3.7.0',
  }),
  /**
   * What builds it: Vite with the React and Tailwind plugins, and TypeScript with React's types
   * and Node's (vite.config.ts imports node:url; `tsc` checks it).
   */
  devDependencies: Object.freeze({
    '@tailwindcss/vite': '4.3.5',
    '@types/node': '20.19.43',
    '@types/react': '19.3.0',
    '@types/react-dom': '19.3.0',
    '@vitejs/plugin-react': '6.3.0',
    tailwindcss: '4.3.5',
    typescript: '6.0.3',
    vite: '8.3.8',
  }),
}) satisfies {
  dependencies: Readonly<Record<string, string>>;
  devDependencies: Readonly<Record<string, string>>;
};

/** 'react-dom/client' -> 'react-dom', '@scope/name/sub' -> '@scope/name'. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages the preview provides an app (by package name, each once). */
export function runtimePackageNames(): string[] {
  return [
    ...new Set([...SHARED_RUNTIME_PACKAGES, ...BUNDLED_RUNTIME_PACKAGES].map(packageNameOf)),
  ].sort();
}
