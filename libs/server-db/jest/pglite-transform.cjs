// Jest transformer for PGlite's CommonJS build. PGlite loads a few Node built-ins with dynamic
// import(), which jest's CommonJS runtime cannot run without --experimental-vm-modules (and that
// flag stops jest from transforming ESM-only packages such as jose). Each `import("builtin")`
// becomes a require of the same module. Use it in a jest config as:
//   transform: { '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/../../libs/server-db/jest/pglite-transform.cjs', ...preset.transform }
//   transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)']
const crypto = require('node:crypto');

const DYNAMIC_IMPORT = /\bimport\(\s*(["'])((?:node:)?[a-z][a-z0-9_/]*)\1\s*\)/g;

module.exports = {
  process(source) {
    // PGlite shadows `require` inside some functions: keep the module's own require under another name.
    const code = `const __pgliteRequire = require;\n${source.replace(DYNAMIC_IMPORT, (_m, _q, name) => `Promise.resolve().then(() => __pgliteRequire("${name}"))`)}`;
    return { code };
  },
  getCacheKey(source, filePath) {
    return crypto
      .createHash('sha256')
      .update('pglite-transform-1')
      .update(filePath)
      .update(source)
      .digest('hex');
  },
};
