import { SHARED_RUNTIME_PACKAGES } from '@mason/server-workspace';
import { HOT_RUNTIME_SPECIFIER } from './hot-registration';
import { buildRuntimeModules } from './runtime-modules';

describe('buildRuntimeModules', () => {
  it('makes one module per shared package and the hot runtime, with React in one shared chunk and the named exports', async () => {
    const runtime = await buildRuntimeModules('/__mason/runtime/');
    expect(Object.keys(runtime.imports).sort()).toEqual(
      [...SHARED_RUNTIME_PACKAGES, HOT_RUNTIME_SPECIFIER].sort(),
    );
    for (const url of Object.values(runtime.imports)) {
      expect(url).toMatch(/^\/__mason\/runtime\/[a-z-]+-[A-Z0-9]+\.js$/);
      expect(runtime.files.has(url.slice('/__mason/runtime/'.length))).toBe(true);
    }
    const reactFile = runtime.imports['react']?.split('/').pop() ?? '';
    const react = runtime.files.get(reactFile) ?? '';
    expect(react).toMatch(/useState/);
    // React's code sits in a chunk every entry imports, not copied into each of them.
    const chunks = [...runtime.files.keys()].filter((name) => name.startsWith('chunk-'));
    expect(chunks.length).toBeGreaterThan(0);
    const reactDomClient =
      runtime.files.get(runtime.imports['react-dom/client']?.split('/').pop() ?? '') ?? '';
    expect(reactDomClient).toMatch(/createRoot/);
    // The app's roots are made through the hot runtime, which can start them afresh.
    expect(reactDomClient).toMatch(/globalThis\.__masonHot[\s\S]*\.createRoot\(/);
    // The hot runtime is React Fast Refresh, and imports nothing of React (it must run first).
    const hot = runtime.files.get(runtime.imports[HOT_RUNTIME_SPECIFIER]?.split('/').pop() ?? '');
    expect(hot).toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    expect(hot).toContain('__masonHot');
    const hotImports = [...(hot ?? '').matchAll(/from ?"\.\/(chunk-[A-Z0-9]+\.js)"/g)];
    for (const [, chunk] of hotImports)
      expect(runtime.files.get(chunk ?? '')).not.toMatch(/useState/);
    expect(JSON.parse(runtime.importMapJson)).toEqual({ imports: runtime.imports });
  }, 60_000);

  it('leaves published apps React’s own createRoot, without the hot runtime', async () => {
    const runtime = await buildRuntimeModules('/runtime/', 'production');
    expect(runtime.imports[HOT_RUNTIME_SPECIFIER]).toBeUndefined();
    const reactDomClient =
      runtime.files.get(runtime.imports['react-dom/client']?.split('/').pop() ?? '') ?? '';
    expect(reactDomClient).toMatch(/createRoot/);
    expect(reactDomClient).not.toContain('__masonHot');
  }, 60_000);
});
