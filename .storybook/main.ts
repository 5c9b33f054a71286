// The one root Storybook of the Mason workspace: every library's stories, one theme decorator.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The `@mason/*` import paths of tsconfig.base.json as exact-match Vite aliases. */
function workspaceAliases() {
  const tsconfig = JSON.parse(readFileSync(resolve(workspaceRoot, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions?: { paths?: Record<string, string[]> };
  };
  const paths = tsconfig.compilerOptions?.paths ?? {};
  return Object.entries(paths)
    .filter(([key, targets]) => !key.includes('*') && targets.length > 0)
    .map(([key, [target]]) => ({
      find: new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
      replacement: resolve(workspaceRoot, target),
    }));
}

/**
 * MSW's worker script, served at the root of the Storybook (where `setupWorker().start()` looks
 * for it) straight from the installed msw: always the version the handlers run with, no copy.
 */
const mswWorkerScript = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');

/**
 * `@mason/web-testing` also exports jest's MSW server (msw/node), which stories never call.
 * In the browser bundle msw/node is this stub, so Node's http, https and async_hooks stay out.
 */
const MSW_NODE_STUB = '\0mason:msw-node-stub';
const mswNodeStub = {
  name: 'mason:msw-node-stub',
  enforce: 'pre' as const,
  resolveId: (id: string) => (id === 'msw/node' ? MSW_NODE_STUB : null),
  load: (id: string) =>
    id === MSW_NODE_STUB
      ? "export function setupServer() { throw new Error('msw/node runs under jest; stories use the MSW worker of .storybook/preview.tsx.'); }"
      : null,
};

const config: StorybookConfig = {
  stories: ['../libs/**/src/**/*.stories.@(ts|tsx)'],
  staticDirs: [{ from: mswWorkerScript, to: '/mockServiceWorker.js' }],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [mswNodeStub],
      resolve: { alias: workspaceAliases() },
      // Big vendor chunks (react-dom, storybook's own) are expected in a component workshop.
      build: { chunkSizeWarningLimit: 2000 },
    });
  },
};

export default config;
