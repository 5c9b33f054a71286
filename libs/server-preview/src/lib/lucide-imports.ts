import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let iconModules: ReadonlyMap<string, string> | undefined;

/**
 * Every name lucide-react exports for an icon ('Heart', 'HeartIcon', 'LucideHeart') to its own
 * module ('lucide-react/icons/heart'), read once from the package's ES module index.
 */
function lucideIconModules(): ReadonlyMap<string, string> {
  if (iconModules) return iconModules;
  const modules = new Map<string, string>();
  try {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    const root = path.dirname(require.resolve('lucide-react/package.json'));
    const index = readFileSync(path.join(root, 'dist/esm/lucide-react.mjs'), 'utf8');
    const line = /export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g;
    for (const match of index.matchAll(line)) {
      for (const name of (match[1] ?? '').matchAll(/default as (\w+)/g)) {
        modules.set(name[1] as string, `lucide-react/icons/${match[2]}`);
      }
    }
  } catch {
    // Without the index every import goes through the package's entry: slower, still right.
  }
  iconModules = modules;
  return modules;
}

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])lucide-react\2\s*;?/g;

/**
 * Rewrites `import { Heart, Star as Favourite } from 'lucide-react'` into one import per icon
 * module. The package's entry re-exports some 1 600 icon modules, which esbuild would read on
 * every build (about 1.5 s); an icon's own module is a few lines. Names that are not icons
 * (types, createLucideIcon) keep the package import. Line breaks are kept, so every line of the
 * file stays where it was.
 */
export function directLucideImports(code: string): string {
  if (!code.includes('lucide-react')) return code;
  const modules = lucideIconModules();
  if (modules.size === 0) return code;
  return code.replace(LUCIDE_IMPORT, (statement, list: string) => {
    const direct: string[] = [];
    const rest: string[] = [];
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (!specifier) continue;
      const [imported = '', local = imported] = specifier
        .split(/\s+as\s+/)
        .map((part) => part.trim());
      const module = specifier.startsWith('type ') ? undefined : modules.get(imported);
      if (module) direct.push(`import ${local} from '${module}';`);
      else rest.push(specifier);
    }
    if (direct.length === 0) return statement;
    const kept = rest.length > 0 ? ` import { ${rest.join(', ')} } from 'lucide-react';` : '';
    const lineBreaks = '\n'.repeat(statement.split('\n').length - 1);
    return `${direct.join(' ')}${kept}${lineBreaks}`;
  });
}
