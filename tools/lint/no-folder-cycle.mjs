// ESLint rule `mason/no-folder-cycle`: reports each import that is one link of a loop between
// sibling folders of a project (STYLE.md: no import cycles, between files or between folders).
import fs from 'node:fs';
import path from 'node:path';
import {
  findFolderLoops,
  folderLink,
  isDependencySource,
  resolveRelative,
} from './folder-graph.mjs';

/** One graph per project and lint process: every file of the project asks the same question. */
const loopsByRoot = new Map();

/** The project a file belongs to: the nearest folder above it with a tsconfig.json. */
function projectRoot(file) {
  let dir = path.dirname(file);
  while (dir !== path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'tsconfig.json'))) return dir;
    dir = path.dirname(dir);
  }
  return undefined;
}

function loopsOf(root) {
  if (!loopsByRoot.has(root)) loopsByRoot.set(root, findFolderLoops(root));
  return loopsByRoot.get(root);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that close a loop between sibling folders of a project.' },
    schema: [],
    messages: {
      loop: "Folder loop among {{members}}: '{{from}}' imports '{{to}}', which imports its way back to '{{from}}'. Move what they share into a folder that imports none of them.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!isDependencySource(file)) return {};
    const root = projectRoot(file);
    if (!root) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveRelative(source.value, file);
      if (!target || !target.startsWith(root + path.sep)) return;
      const link = folderLink(file, target);
      if (!link) return;
      const group = loopsOf(root)
        .get(link.parent)
        ?.find((members) => members.includes(link.from) && members.includes(link.to));
      if (!group) return;
      const relative = (name) => path.relative(root, path.join(link.parent, name)) || name;
      context.report({
        node: source,
        messageId: 'loop',
        data: {
          from: relative(link.from),
          to: relative(link.to),
          members: group.map(relative).join(', '),
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
