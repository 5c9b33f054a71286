import { isViteEnvKey } from '@mason/contract';

/** How an app is built: the live preview is `development`, a published app `production`. */
export type ViteMode = 'development' | 'production';

/** One of a project's environment variables (its value decrypted). */
export interface AppEnvVariable {
  readonly key: string;
  readonly value: string;
}

export interface ViteEnvOptions {
  /** `import.meta.env.BASE_URL`: where the app is served from. Default '/'. */
  readonly baseUrl?: string;
}

/** A name esbuild can define as `import.meta.env.NAME` (what EnvKeySchema allows). */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** True when the variable reaches the app's code (built into it): its key starts with `VITE_`. */
export function isViteVariable(key: string): boolean {
  return isViteEnvKey(key) && IDENTIFIER.test(key);
}

/**
 * esbuild `define` entries that make `import.meta.env` behave as in Vite: each `VITE_`-prefixed
 * variable as `import.meta.env.VITE_*` (its value as a string), `MODE`, `DEV`, `PROD`, `SSR` and
 * `BASE_URL`, and `import.meta.env` itself as the object of them all (so `import.meta.env.X` of
 * an unset X is undefined, not an error). Only `VITE_` variables are read: the others never
 * leave the server. The live preview and published builds use the same entries (with their
 * mode), so an app reads its settings the same way in both.
 */
export function viteEnv(
  variables: readonly AppEnvVariable[],
  mode: ViteMode,
  options: ViteEnvOptions = {},
): Record<string, string> {
  const env: Record<string, string | boolean> = {
    BASE_URL: options.baseUrl ?? '/',
    MODE: mode,
    DEV: mode === 'development',
    PROD: mode === 'production',
    SSR: false,
  };
  const sorted = [...variables].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { key, value } of sorted) if (isViteVariable(key)) env[key] = value;
  const define: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    define[`import.meta.env.${key}`] = JSON.stringify(value);
  }
  define['import.meta.env'] = JSON.stringify(env);
  return define;
}
