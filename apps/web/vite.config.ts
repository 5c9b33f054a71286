/// <reference types='vite/client' />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';

// The dev server proxies the API to a running Mason server (npm start serves both on 4200).
export default defineConfig({
  root: __dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [react(), nxViteTsPaths()],

  server: {
    port: 4300,
    host: 'localhost',
    proxy: { '/api': process.env.MASON_API_URL ?? 'http://localhost:4200' },
  },
  preview: { port: 4300, host: 'localhost' },
  build: {
    rolldownOptions: {
      // Mason's libraries are resolved from source through the path aliases, where their
      // package.json `sideEffects: false` is not seen: say it here, so unused exports drop out.
      treeshake: { moduleSideEffects: [{ test: /\/libs\/[^/]+\/src\//, sideEffects: false }] },
      output: {
        // The sign-in pages' small shared modules (layout, fields, alerts, the login's end) in
        // one chunk: a dozen files of a few hundred bytes each cost /login more gzip bytes
        // than one. Only these modules, not what they import (zod stays out, loaded on typing).
        codeSplitting: {
          groups: [
            {
              name: 'sign-in',
              includeDependenciesRecursively: false,
              test: /\/libs\/(auth\/src\/lib\/(auth-layout|forms\/load-auth-form-schema|session\/use-complete-login|session\/destination|google\/lazy-google-sign-in)|ui-kit\/src\/(components\/(form-field|text-field|input|alert)\/|forms\/use-form-state|icons\/field-icons))/,
            },
          ],
        },
      },
    },
    // Every browser Mason supports preloads modules itself; the polyfill would only cost the
    // first page bytes.
    modulePreload: { polyfill: false },
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: false,
    sourcemap: true,
    manifest: true,
  },
});
