import { libraryConfig } from '../../eslint.library.mjs';

export default await libraryConfig({
  ignoredFiles: ['starter/**', 'scripts/**'],
  ignores: ['starter/**'],
  extra: [
    {
      // The starter is a browser app of its own (data this node library bundles), not library code:
      // it may import React, and its imports are not this library's dependencies.
      files: ['starter/**'],
      rules: { '@nx/enforce-module-boundaries': 'off' },
    },
  ],
});
