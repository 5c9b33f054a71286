import { parse, type ParserPlugin } from '@babel/parser';
import { stateKeyOf } from './state-key';

/**
 * The global the preview's hot runtime (runtime-modules.ts) defines before the app runs. Every
 * module of a build tells it its components (for React Fast Refresh) and its exports (so an
 * updated module loaded later binds to the page's live modules).
 */
export const HOT_GLOBAL = '__masonHot';

/** The import map's name for the hot runtime; every preview build imports it first. */
export const HOT_RUNTIME_SPECIFIER = '@mason/preview-hot-runtime';

/** What a module holds, as far as live updates are concerned. */
export interface HotModuleInfo {
  /** The names it exports as values ('default' for the default export). */
  readonly exports: readonly string[];
  /** Every value export is a component registered for Fast Refresh (and there is one). */
  readonly componentsOnly: boolean;
  /** Each export is reachable through the hot runtime (no `export *`, no anonymous default). */
  readonly registered: boolean;
  /** The stylesheets it imports, as written ('./card.css'). */
  readonly stylesheets: readonly string[];
  /**
   * Its code but for what its markup renders (stateKeyOf): the same in two versions when they
   * differ only in markup, so a page may keep its state across the update between them.
   */
  readonly stateKey: string;
}

/** A module that cannot take part in live updates (it does not parse, or holds no code). */
export const NOT_HOT: HotModuleInfo = Object.freeze({
  exports: [],
  componentsOnly: false,
  registered: false,
  stylesheets: [],
  stateKey: '',
});

/** React's own hooks: calls of any other `use…` function are custom hooks. */
const BUILT_IN_HOOKS = new Set([
  'useState',
  'useReducer',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useMemo',
  'useCallback',
  'useRef',
  'useContext',
  'useImperativeHandle',
  'useDebugValue',
  'useId',
  'useDeferredValue',
  'useTransition',
  'useSyncExternalStore',
  'useOptimistic',
  'useActionState',
  'useFormStatus',
]);
/** Hooks whose arguments are the state's start: a new one must start the state again. */
const STATE_HOOKS = new Set(['useState', 'useReducer']);

const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression']);
const NESTED_SCOPES = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassDeclaration',
  'ClassExpression',
  'ObjectMethod',
  'ClassMethod',
]);
const SKIPPED_KEYS = new Set([
  'loc',
  'start',
  'end',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'typeAnnotation',
  'returnType',
  'typeParameters',
]);

interface Node {
  readonly type: string;
  readonly start?: number | null;
  readonly end?: number | null;
  readonly [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

const nameOf = (node: unknown): string | null =>
  isNode(node) && node.type === 'Identifier' && typeof node['name'] === 'string'
    ? node['name']
    : null;

const isComponentName = (name: string | null): name is string => !!name && /^[A-Z]/.test(name);
const isHookName = (name: string | null): name is string => !!name && /^use[A-Z]/.test(name);

/** The function a binding holds: itself, or the one a call wraps (`memo(() => …)`). */
function functionOf(value: unknown): Node | null {
  if (!isNode(value)) return null;
  if (FUNCTION_TYPES.has(value.type)) return value;
  if (value.type === 'CallExpression' && Array.isArray(value['arguments'])) {
    for (const argument of value['arguments']) {
      const inner = functionOf(argument);
      if (inner) return inner;
    }
  }
  return null;
}

function pluginsFor(filePath: string): ParserPlugin[] {
  const extension = filePath.slice(filePath.lastIndexOf('.')).toLowerCase();
  if (extension === '.tsx') return ['jsx', 'typescript'];
  if (extension === '.ts' || extension === '.mts' || extension === '.cts') return ['typescript'];
  if (extension === '.jsx') return ['jsx'];
  return [];
}

/** A Fast Refresh signature: the hooks a function calls, so a change of them starts it afresh. */
interface Signature {
  readonly key: string;
  /** Custom hooks it calls, as source text (their own signatures count too). */
  readonly customHooks: readonly string[];
}

/** The hooks `fn` calls in its own body (not in functions nested in it). */
function signatureOf(fn: Node, code: string): Signature | null {
  const parts: string[] = [];
  const customHooks: string[] = [];
  const stack: unknown[] = [fn['body']];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) stack.push(node[index]);
      continue;
    }
    if (!isNode(node) || NESTED_SCOPES.has(node.type)) continue;
    if (node.type === 'CallExpression') {
      const callee = node['callee'];
      const name =
        nameOf(callee) ??
        (isNode(callee) && callee.type === 'MemberExpression' ? nameOf(callee['property']) : null);
      if (isHookName(name) && isNode(callee)) {
        const calleeText = code.slice(callee.start ?? 0, callee.end ?? 0);
        parts.push(STATE_HOOKS.has(name) ? code.slice(node.start ?? 0, node.end ?? 0) : calleeText);
        if (!BUILT_IN_HOOKS.has(name)) customHooks.push(calleeText);
      }
    }
    for (const key of Object.keys(node)) if (!SKIPPED_KEYS.has(key)) stack.push(node[key]);
  }
  return parts.length > 0 ? { key: parts.join('\n'), customHooks } : null;
}

interface Analysis {
  /** Top-level components: local name to the function that renders (null for a class). */
  readonly components: Map<string, Node | null>;
  /** Top-level custom hooks: local name to its function. */
  readonly hooks: Map<string, Node>;
  /** Exported name to local binding. */
  readonly exports: Map<string, string>;
  registered: boolean;
  readonly stylesheets: string[];
}

/** Records a top-level declaration: a component, a custom hook, or neither. */
function declare(analysis: Analysis, declaration: Node, exported: boolean): string[] {
  switch (declaration.type) {
    case 'FunctionDeclaration': {
      const name = nameOf(declaration['id']);
      if (!name) return [];
      if (isComponentName(name)) analysis.components.set(name, declaration);
      else if (isHookName(name)) analysis.hooks.set(name, declaration);
      return [name];
    }
    case 'ClassDeclaration': {
      // A class component extends React's Component; another class is a plain value.
      const name = nameOf(declaration['id']);
      if (!name) return [];
      if (isComponentName(name) && declaration['superClass']) analysis.components.set(name, null);
      return [name];
    }
    case 'VariableDeclaration': {
      const names: string[] = [];
      for (const declarator of (declaration['declarations'] as Node[]) ?? []) {
        const name = nameOf(declarator['id']);
        if (!name) {
          // A destructured export (`export const { a, b } = …`): not reached through the runtime.
          if (exported) analysis.registered = false;
          continue;
        }
        const fn = functionOf(declarator['init']);
        if (fn && isComponentName(name)) analysis.components.set(name, fn);
        else if (fn && isHookName(name)) analysis.hooks.set(name, fn);
        names.push(name);
      }
      return names;
    }
    case 'TSEnumDeclaration': {
      const name = nameOf(declaration['id']);
      return name ? [name] : [];
    }
    default:
      // Types and interfaces: nothing at run time.
      return [];
  }
}

function analyse(program: Node): Analysis {
  const analysis: Analysis = {
    components: new Map(),
    hooks: new Map(),
    exports: new Map(),
    registered: true,
    stylesheets: [],
  };
  const typeNames = new Set<string>();
  for (const statement of (program['body'] as Node[]) ?? []) {
    switch (statement.type) {
      case 'ImportDeclaration': {
        const source = (statement['source'] as Node)['value'];
        if (typeof source === 'string' && /\.css(?:[?#].*)?$/i.test(source))
          analysis.stylesheets.push(source);
        break;
      }
      case 'TSInterfaceDeclaration':
      case 'TSTypeAliasDeclaration':
        if (nameOf(statement['id'])) typeNames.add(nameOf(statement['id']) as string);
        break;
      case 'ExportNamedDeclaration': {
        if (statement['exportKind'] === 'type') break;
        const declaration = statement['declaration'];
        if (isNode(declaration)) {
          for (const name of declare(analysis, declaration, true)) analysis.exports.set(name, name);
          break;
        }
        if (statement['source']) {
          // `export { a } from './b'`: the name lives in another module.
          analysis.registered = false;
        }
        for (const specifier of (statement['specifiers'] as Node[]) ?? []) {
          if (specifier['exportKind'] === 'type') continue;
          const local = nameOf(specifier['local']);
          const exportedNode = specifier['exported'] as Node | undefined;
          const exported =
            nameOf(exportedNode) ??
            (typeof exportedNode?.['value'] === 'string' ? exportedNode['value'] : null);
          if (local && exported) analysis.exports.set(exported, local);
          else analysis.registered = false;
        }
        break;
      }
      case 'ExportDefaultDeclaration': {
        const declaration = statement['declaration'] as Node;
        const [name] =
          declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration'
            ? declare(analysis, declaration, true)
            : [nameOf(declaration)];
        if (name) analysis.exports.set('default', name);
        else {
          analysis.exports.set('default', '');
          analysis.registered = false;
        }
        break;
      }
      case 'ExportAllDeclaration':
        if (statement['exportKind'] !== 'type') analysis.registered = false;
        break;
      case 'TSExportAssignment':
        analysis.registered = false;
        break;
      default:
        if (isNode(statement)) declare(analysis, statement, false);
    }
  }
  // `export { Props }` of an interface declared in the file: a type, nothing at run time.
  for (const [exported, local] of analysis.exports) {
    if (typeNames.has(local) && !analysis.components.has(local)) analysis.exports.delete(exported);
  }
  return analysis;
}

/**
 * Registers a module with the preview's hot runtime, by appending one statement to its code (so
 * every line and column of the file stays where it was): its top-level components for React Fast
 * Refresh (id `path name`, with a signature of the hooks each calls, so changed hooks remount
 * instead of breaking), and its exports as live getters, so that an updated module loaded later
 * binds to this one. Answers the code (unchanged when the file does not parse: the build reports
 * that) and what the module holds.
 */
export function registerHotModule(
  code: string,
  filePath: string,
): { readonly code: string; readonly info: HotModuleInfo } {
  let program: Node;
  try {
    program = parse(code, {
      sourceType: 'module',
      plugins: pluginsFor(filePath),
      errorRecovery: false,
    }).program as unknown as Node;
  } catch {
    return { code, info: NOT_HOT };
  }
  const analysis = analyse(program);
  const id = (name: string) => JSON.stringify(`${filePath} ${name}`);
  const statements: string[] = [];
  for (const [name, fn] of analysis.components) {
    statements.push(`h.register(${name}, ${id(name)});`);
    const signature = fn ? signatureOf(fn, code) : null;
    if (signature) statements.push(signCall(name, signature));
  }
  for (const [name, fn] of analysis.hooks) {
    const signature = signatureOf(fn, code);
    if (signature) statements.push(signCall(name, signature));
  }
  const getters = [...analysis.exports]
    .filter(([, local]) => local !== '')
    .map(([exported, local]) => `get ${JSON.stringify(exported)}() { return ${local}; }`);
  statements.push(`h.define(${JSON.stringify(filePath)}, { ${getters.join(', ')} });`);

  const exports = [...analysis.exports.keys()];
  const componentsOnly =
    exports.length > 0 &&
    [...analysis.exports.values()].every((local) => analysis.components.has(local));
  const registration = `\n;((h) => { if (!h) return; ${statements.join(' ')} })(globalThis.${HOT_GLOBAL});\n`;
  return {
    code: code + registration,
    info: {
      exports,
      componentsOnly,
      registered: analysis.registered,
      stylesheets: analysis.stylesheets,
      stateKey: stateKeyOf(program, code),
    },
  };
}

function signCall(name: string, signature: Signature): string {
  const hooks =
    signature.customHooks.length > 0 ? `, () => [${signature.customHooks.join(', ')}]` : '';
  return `h.sign(${name}, ${JSON.stringify(signature.key)}, false${hooks});`;
}
