import * as esbuild from 'esbuild';
import { isViteVariable, viteEnv, type AppEnvVariable } from './vite-env';

/** What an app module reads from import.meta.env, built with `define` and run. */
async function appReads(define: Record<string, string>): Promise<Record<string, unknown>> {
  const result = await esbuild.build({
    stdin: {
      contents: `
        export const greeting = import.meta.env.VITE_GREETING;
        export const quoted = import.meta.env.VITE_QUOTED;
        export const secret = import.meta.env.DATABASE_URL;
        export const unset = import.meta.env.VITE_UNSET;
        export const mode = import.meta.env.MODE;
        export const dev = import.meta.env.DEV;
        export const prod = import.meta.env.PROD;
        export const ssr = import.meta.env.SSR;
        export const base = import.meta.env.BASE_URL;
        const env = import.meta.env;
        export const all = { ...env };
        export const viaObject = env.VITE_GREETING;
      `,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    logLevel: 'silent',
    define,
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', code)(module, module.exports);
  return { ...module.exports, code };
}

const VARIABLES: AppEnvVariable[] = [
  { key: 'VITE_GREETING', value: 'Hello from the settings' },
  { key: 'VITE_QUOTED', value: 'a "quoted" </script> value\nwith a line' },
  { key: 'DATABASE_URL', value: 'postgres://user:server-only-secret@db/app' },
  { key: 'vite_lowercase', value: 'not read by Vite either' },
];

describe('viteEnv', () => {
  it('gives the app its VITE_ variables and Vite’s development flags in the preview', async () => {
    const read = await appReads(viteEnv(VARIABLES, 'development'));
    expect(read).toMatchObject({
      greeting: 'Hello from the settings',
      quoted: 'a "quoted" </script> value\nwith a line',
      secret: undefined,
      unset: undefined,
      mode: 'development',
      dev: true,
      prod: false,
      ssr: false,
      base: '/',
      viaObject: 'Hello from the settings',
    });
    expect(read['all']).toEqual({
      BASE_URL: '/',
      MODE: 'development',
      DEV: true,
      PROD: false,
      SSR: false,
      VITE_GREETING: 'Hello from the settings',
      VITE_QUOTED: 'a "quoted" </script> value\nwith a line',
    });
  });

  it('builds production apps with MODE production, PROD true and the base they are served from', async () => {
    const read = await appReads(viteEnv(VARIABLES, 'production', { baseUrl: '/app/' }));
    expect(read).toMatchObject({
      greeting: 'Hello from the settings',
      mode: 'production',
      dev: false,
      prod: true,
      base: '/app/',
    });
  });

  it('never puts a variable without the VITE_ prefix into the app’s code', async () => {
    const define = viteEnv(VARIABLES, 'production');
    const everything = JSON.stringify(define);
    expect(everything).not.toContain('server-only-secret');
    expect(everything).not.toContain('DATABASE_URL');
    expect(everything).not.toContain('not read by Vite either');
    const read = await appReads(define);
    expect(read['code']).not.toContain('server-only-secret');
  });

  it('is the same for the same variables in any order (a build cache can key on it)', () => {
    expect(JSON.stringify(viteEnv([...VARIABLES].reverse(), 'development'))).toBe(
      JSON.stringify(viteEnv(VARIABLES, 'development')),
    );
    expect(viteEnv([], 'development')).toEqual({
      'import.meta.env.BASE_URL': '"/"',
      'import.meta.env.MODE': '"development"',
      'import.meta.env.DEV': 'true',
      'import.meta.env.PROD': 'false',
      'import.meta.env.SSR': 'false',
      'import.meta.env':
        '{"BASE_URL":"/","MODE":"development","DEV":true,"PROD":false,"SSR":false}',
    });
  });

  it.each([
    ['VITE_API_URL', true],
    ['VITE_', true],
    ['API_URL', false],
    ['vite_api_url', false],
    ['VITE_BAD-KEY', false],
  ])('%s reaches the app: %s', (key, reaches) => {
    expect(isViteVariable(key)).toBe(reaches);
  });
});
