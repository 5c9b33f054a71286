import { SHARED_RUNTIME_PACKAGES } from '@mason/server-workspace';
import { buildRuntimeModules } from './runtime-modules';

describe('buildRuntimeModules', () => {
  it('makes one module per shared package, with React in one shared chunk and the named exports', async () => {
    const runtime = await buildRuntimeModules('/__mason/runtime/');
    expect(Object.keys(runtime.imports).sort()).toEqual([...SHARED_RUNTIME_PACKAGES].sort());
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
    expect(JSON.parse(runtime.importMapJson)).toEqual({ imports: runtime.imports });
  }, 60_000);
});
