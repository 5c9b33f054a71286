import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Scanner } from '@tailwindcss/oxide';
import type * as esbuild from 'esbuild';
import { compile } from 'tailwindcss';

// Tailwind CSS v4 for a project's files held in memory: the official compiler (`tailwindcss`)
// and its class scanner (`@tailwindcss/oxide`), with the project's stylesheets read from the
// files given, never from the server's disk. Shared by the preview, the agent's check and the
// published build, so all three see the same classes and the same errors.

/** Words that only mean something to Tailwind: such a stylesheet is compiled by it. */
const TAILWIND_AT_RULE =
  /@(?:import|reference)\s+(?:url\(\s*)?["']tailwindcss(?:\/[^"']*)?["']|@(?:tailwind|apply|reference|theme|utility|custom-variant|variant|source|plugin|config)\b/;
/** The files whose words may be class names (stylesheets are not scanned, like Tailwind's own). */
const SCANNED_EXTENSIONS = new Set(['tsx', 'ts', 'jsx', 'js', 'mjs', 'html', 'md', 'mdx', 'svg']);
/** The parts of the tailwindcss package a stylesheet may import. */
const TAILWIND_PARTS = new Set(['index', 'theme', 'preflight', 'utilities']);
/** Compiled stylesheets kept (one per stylesheet text in use; a project usually has one). */
const KEPT_COMPILERS = 32;
/** Files whose scanned classes are kept, by content. */
const KEPT_SCANS = 20_000;

type Files = ReadonlyMap<string, string | Uint8Array>;
type Compiled = Awaited<ReturnType<typeof compile>>;

interface CompiledStylesheet {
  readonly compiled: Compiled;
  /** The project stylesheets it imported, with the text they had. */
  readonly imports: ReadonlyMap<string, string>;
  /** The classes its last output was built for, and that output. */
  classes: ReadonlySet<string>;
  css: string;
}

const decoded = new WeakMap<Uint8Array, string>();

/** A file's text: as it is, or its bytes read as utf8 (remembered per array). */
export function textOf(content: string | Uint8Array): string {
  if (typeof content === 'string') return content;
  let text = decoded.get(content);
  if (text === undefined) {
    text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
    decoded.set(content, text);
  }
  return text;
}

/** Whether a stylesheet is written for Tailwind (imports it, or uses its at-rules). */
export function usesTailwind(css: string): boolean {
  return TAILWIND_AT_RULE.test(css);
}

let packageDir: string | null = null;
const packageParts = new Map<string, string>();

/** A part of Mason's own tailwindcss package ('index', 'theme', …), read once. */
function tailwindPart(part: string): string {
  const known = packageParts.get(part);
  if (known !== undefined) return known;
  packageDir ??= path.dirname(
    createRequire(path.join(process.cwd(), 'index.js')).resolve('tailwindcss/package.json'),
  );
  const text = readFileSync(path.join(packageDir, `${part}.css`), 'utf8');
  packageParts.set(part, text);
  return text;
}

/** The project path a stylesheet import means, from the folder `base` ('' is the root). */
function projectPathOf(id: string, base: string): string | null {
  if (id.startsWith('@/')) return path.posix.normalize(`src/${id.slice(2)}`);
  if (id.startsWith('/')) return path.posix.normalize(id.slice(1));
  if (!/^\.\.?\//.test(id)) return null;
  const joined = path.posix.normalize(path.posix.join(base || '.', id));
  return joined.startsWith('../') || joined === '..' ? null : joined;
}

/** Where in `css` (1-based line, 0-based column) the words of an error first appear, if anywhere. */
function locate(
  css: string,
  message: string,
): { line: number; column: number; lineText: string } | null {
  const words = [...message.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  const lines = css.split('\n');
  for (const word of words) {
    const token = word.replace(/^theme\((.*)\)$/, '$1');
    for (let index = 0; index < lines.length; index += 1) {
      const column = lines[index].indexOf(token);
      if (column >= 0) return { line: index + 1, column, lineText: lines[index] };
    }
  }
  return null;
}

/**
 * Compiles a project's Tailwind stylesheets: each with the classes found in the project's files
 * (every text file but the stylesheets), imports resolved among the project's own stylesheets and
 * the tailwindcss package. Keeps each compiled stylesheet and each file's classes, so a rebuild
 * after an edit scans only the changed files and, when classes were only added, builds only
 * their rules.
 */
export class TailwindStyles {
  private readonly compilers = new Map<string, Promise<CompiledStylesheet>>();
  private readonly scans = new Map<string, readonly string[]>();
  private readonly scanner = new Scanner({});

  /** The classes used by the project's files. */
  classesOf(files: Files): Set<string> {
    const classes = new Set<string>();
    for (const [filePath, content] of files) {
      const extension = path.posix.extname(filePath).slice(1).toLowerCase();
      if (!SCANNED_EXTENSIONS.has(extension)) continue;
      for (const name of this.scan(textOf(content), extension)) classes.add(name);
    }
    return classes;
  }

  /**
   * Whether the classes used by two sets of files are the same: with the same stylesheets,
   * compile() then answers the same CSS for both.
   */
  sameClasses(before: Files, after: Files): boolean {
    return sameSet(this.classesOf(before), this.classesOf(after));
  }

  /**
   * The CSS of the stylesheet `cssPath` (text `css`) for the project's `files`. Throws an Error
   * (with Tailwind's words) when it does not compile.
   */
  async compile(cssPath: string, css: string, files: Files): Promise<string> {
    const classes = this.classesOf(files);
    const key = `${cssPath}\u0000${css}`;
    let known = this.compilers.get(key);
    const current = known && (await known.catch(() => null));
    if (current && this.importsUnchanged(current, files)) {
      this.touch(key, known as Promise<CompiledStylesheet>);
      if (sameSet(current.classes, classes)) return current.css;
      if ([...current.classes].every((name) => classes.has(name))) {
        // Only added classes: the compiler builds their rules on top of the ones it has.
        current.css = current.compiled.build([...classes]);
        current.classes = classes;
        return current.css;
      }
    }
    // A class went away (or the stylesheet is new): compiled afresh, so no stale rule is left.
    known = this.compileAfresh(cssPath, css, files).then((stylesheet) => {
      stylesheet.css = stylesheet.compiled.build([...classes]);
      stylesheet.classes = classes;
      return stylesheet;
    });
    this.compilers.set(key, known);
    known.catch(() => this.compilers.delete(key));
    this.touch(key, known);
    return (await known).css;
  }

  /**
   * The stylesheet as esbuild loads it: its CSS, or Tailwind's error located in the file (the
   * line of the words it names), with `file` as esbuild should show it.
   */
  async load(
    cssPath: string,
    css: string,
    files: Files,
    { file, loader }: { file: string; loader: esbuild.Loader },
  ): Promise<esbuild.OnLoadResult> {
    try {
      return { contents: await this.compile(cssPath, css, files), loader };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const where = locate(css, text);
      return {
        errors: [{ text, location: where ? { file, ...where, length: 0 } : { file } }],
      };
    }
  }

  private scan(content: string, extension: string): readonly string[] {
    const key = `${extension}\u0000${content}`;
    const known = this.scans.get(key);
    if (known) return known;
    const names = [
      ...new Set(
        this.scanner
          .getCandidatesWithPositions({ content, extension })
          .map((found) => found.candidate),
      ),
    ];
    this.scans.set(key, names);
    if (this.scans.size > KEPT_SCANS) this.scans.delete(this.scans.keys().next().value as string);
    return names;
  }

  private importsUnchanged(stylesheet: CompiledStylesheet, files: Files): boolean {
    for (const [filePath, text] of stylesheet.imports) {
      const content = files.get(filePath);
      if (content === undefined || textOf(content) !== text) return false;
    }
    return true;
  }

  private async compileAfresh(cssPath: string, css: string, files: Files) {
    const imports = new Map<string, string>();
    const compiled = await compile(css, {
      base: path.posix.dirname(cssPath).replace(/^\.$/, ''),
      from: cssPath,
      loadStylesheet: async (id, base) => {
        const part = /^tailwindcss(?:\/(\w+)(?:\.css)?)?$/.exec(id);
        if (part && TAILWIND_PARTS.has(part[1] ?? 'index')) {
          return {
            path: `tailwindcss/${part[1] ?? 'index'}.css`,
            base,
            content: tailwindPart(part[1] ?? 'index'),
          };
        }
        const target = projectPathOf(id, base);
        const stored = target === null ? undefined : files.get(target);
        const content = stored === undefined ? undefined : textOf(stored);
        if (target === null || content === undefined) {
          throw new Error(
            `Cannot import \`${id}\`: a Tailwind stylesheet can import "tailwindcss" and the project's own stylesheets.`,
          );
        }
        imports.set(target, content);
        return { path: target, base: path.posix.dirname(target).replace(/^\.$/, ''), content };
      },
      loadModule: async (id) => {
        throw new Error(
          `Cannot load \`${id}\`: Tailwind plugins and config files are not supported; write the styles with @theme, @utility and @custom-variant instead.`,
        );
      },
    });
    return { compiled, imports, classes: new Set<string>(), css: '' } satisfies CompiledStylesheet;
  }

  private touch(key: string, entry: Promise<CompiledStylesheet>): void {
    this.compilers.delete(key);
    this.compilers.set(key, entry);
    while (this.compilers.size > KEPT_COMPILERS) {
      this.compilers.delete(this.compilers.keys().next().value as string);
    }
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((name) => b.has(name));
}

/** One TailwindStyles for the process: the preview, the check and the published build share it. */
export const sharedTailwind = new TailwindStyles();
