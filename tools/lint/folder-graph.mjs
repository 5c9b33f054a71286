// The folder graph of one project: which sibling folders (or modules) import which, and the
// loops among them. import-x/no-cycle sees loops of files only; a loop of folders
// (src/tasks -> src/projects -> src/tasks) can run through files that form no file loop.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Tests and stories may import from anywhere in their project; only runtime code makes folders depend. */
const NOT_A_DEPENDENCY = /\.(spec|test|stories)\.[cm]?[jt]sx?$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'out-tsc',
  'coverage',
  'storybook-static',
  'test-results',
  '.nx',
]);
const CANDIDATES = [
  '',
  '.ts',
  '.tsx',
  '.mts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '/index.ts',
  '/index.tsx',
  '/index.js',
  '/index.mjs',
];

/** Whether a file's imports count as folder dependencies (tests and stories do not). */
export function isDependencySource(file) {
  return SOURCE.test(file) && !NOT_A_DEPENDENCY.test(file);
}

/**
 * The file a relative specifier names, tried as TypeScript's bundler resolution would
 * (no extension, `.js` written for `.ts`, a folder's index); undefined for packages and aliases.
 */
export function resolveRelative(specifier, fromFile) {
  if (
    !specifier.startsWith('./') &&
    !specifier.startsWith('../') &&
    specifier !== '.' &&
    specifier !== '..'
  )
    return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stems = [base, base.replace(/\.[cm]?js$/, '')];
  for (const stem of stems) {
    for (const suffix of CANDIDATES) {
      const candidate = stem + suffix;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
  }
  return undefined;
}

/**
 * The folder-level link an import makes: the deepest folder holding both files, and the two
 * sub-folders directly inside it that hold them; undefined when either file sits in that folder
 * itself (a folder using its own sub-folder, or files beside each other, make no folder link;
 * loops through such files are file loops, which import-x/no-cycle watches).
 */
export function folderLink(fromFile, toFile) {
  const from = fromFile.split(path.sep);
  const to = toFile.split(path.sep);
  let common = 0;
  while (common < from.length - 1 && common < to.length - 1 && from[common] === to[common])
    common++;
  if (common === from.length - 1 || common === to.length - 1) return undefined;
  return { parent: from.slice(0, common).join(path.sep), from: from[common], to: to[common] };
}

/** Every source file under a project root, skipping build output and installed packages. */
function listSources(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (isDependencySource(full)) files.push(full);
    }
  };
  walk(root);
  return files;
}

/** Strongly connected components of a small directed graph (Tarjan); only those with a loop are returned. */
function loops(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) result.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return result;
}

/**
 * The folder loops of a project: for each folder, the groups of its entries that import each
 * other in a loop. Keyed `parent` -> list of groups (entry names), so a link can be checked in O(1).
 */
export function findFolderLoops(root) {
  const linksByParent = new Map();
  for (const file of listSources(root)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveRelative(fileName, file);
      if (!target || !target.startsWith(root + path.sep)) continue;
      const link = folderLink(file, target);
      if (!link) continue;
      const edges = linksByParent.get(link.parent) ?? new Map();
      linksByParent.set(link.parent, edges);
      if (!edges.has(link.from)) edges.set(link.from, new Set());
      if (!edges.has(link.to)) edges.set(link.to, new Set());
      edges.get(link.from).add(link.to);
    }
  }
  const result = new Map();
  for (const [parent, edges] of linksByParent) {
    const found = loops(edges);
    if (found.length) result.set(parent, found);
  }
  return result;
}
