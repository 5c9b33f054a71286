import { STARTER_TITLE, TEMPLATE_FILES, withProjectTitle } from '@mason/server-workspace';
import { APP_PACKAGE_VERSIONS } from './app-packages';
import { lockfileFor } from './lockfile';

/** A project's files by path, as bytes (text files are UTF-8). */
export type ExportFiles = ReadonlyMap<string, Uint8Array>;

/** Where the preview looks for the app when index.html names no module script (see checkFiles). */
const DEFAULT_ENTRIES = ['src/main.tsx', 'src/main.ts', 'src/main.jsx', 'src/main.js'];
/** Any of these is the project's own Vite config. */
const VITE_CONFIGS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((ext) => `vite.config.${ext}`);
/** npm's rule for a package name (lower case, URL-safe, at most 214 characters). */
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

const GITIGNORE = ['node_modules', 'dist', '*.local', '.env', '.env.*', '!.env.example', ''].join(
  '\n',
);

const utf8 = new TextEncoder();
const decode = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? undefined : new TextDecoder().decode(bytes);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only the entries whose value is text (a package.json written by hand may hold anything). */
function stringEntries(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

const sortedKeys = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const without = (record: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => !names.includes(name)));

/** 'My Recipe Box!' -> 'my-recipe-box'; a name npm accepts. */
export function packageNameFor(projectName: string): string {
  const slug = projectName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'mason-app';
}

/**
 * The project's package.json, made sure to install and run:
 * - Everything the project set stays (its name, scripts, other fields, packages it added), except
 *   that an invalid package.json, or one that is not an object, is replaced by the starter's.
 * - Scripts the project lacks come from the starter (`dev`, `build`, `preview`): a project whose
 *   package.json lost them still runs with `npm run dev`.
 * - The runtime packages the preview serves (react, react-dom, react-router, clsx, tailwind-merge,
 *   lucide-react) are dependencies at exactly the version the preview ran the app with, whatever
 *   the project wrote (a range could install a React the app never ran on); the build tools (vite,
 *   @vitejs/plugin-react, typescript, @types/react*) are devDependencies at Mason's versions. Each
 *   sits in one section only.
 */
export function mergePackageJson(own: string | undefined, projectName: string): string {
  const starter = JSON.parse(TEMPLATE_FILES['package.json']) as Json;
  let parsed: unknown;
  try {
    parsed = own === undefined ? undefined : JSON.parse(own);
  } catch {
    parsed = undefined;
  }
  const project: Json = isObject(parsed) ? parsed : {};
  const runtime = APP_PACKAGE_VERSIONS.dependencies;
  const tools = APP_PACKAGE_VERSIONS.devDependencies;
  const provided = [...Object.keys(runtime), ...Object.keys(tools)];

  const name =
    typeof project['name'] === 'string' &&
    project['name'].length <= 214 &&
    NPM_NAME.test(project['name'])
      ? project['name']
      : packageNameFor(projectName);
  const merged: Json = {
    name,
    private: project['private'] ?? true,
    version: typeof project['version'] === 'string' ? project['version'] : starter['version'],
    type: typeof project['type'] === 'string' ? project['type'] : starter['type'],
    ...project,
  };
  merged['name'] = name;
  merged['scripts'] = {
    ...stringEntries(starter['scripts']),
    ...stringEntries(project['scripts']),
  };
  merged['dependencies'] = sortedKeys({
    ...without(stringEntries(project['dependencies']), provided),
    ...runtime,
  });
  merged['devDependencies'] = sortedKeys({
    ...without(stringEntries(project['devDependencies']), provided),
    ...tools,
  });
  return `${JSON.stringify(merged, null, 2)}\n`;
}

/** The src of index.html's first local module script, or null. */
function moduleScriptSrc(html: string): string | null {
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (!/\btype\s*=\s*["']?module\b/i.test(attributes)) continue;
    const src = attributes.match(/\bsrc\s*=\s*["']([^"']+)["']/i)?.[1];
    if (src && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return src;
  }
  return null;
}

/**
 * index.html as Vite needs it, titled with the project's name unless it has a title of its own
 * (see withProjectTitle): the project's own when it loads a module script; the same with the
 * entry the preview would use (src/main.tsx, or .ts, .jsx, .js) added when it loads none; the
 * starter's when there is none.
 */
function indexHtml(files: ExportFiles, projectName: string): string {
  const own = decode(files.get('index.html'));
  if (own !== undefined && moduleScriptSrc(own)) return withProjectTitle(own, projectName);
  const entry = DEFAULT_ENTRIES.find((path) => files.has(path)) ?? DEFAULT_ENTRIES[0];
  const script = `<script type="module" src="/${entry}"></script>`;
  if (own !== undefined) {
    return withProjectTitle(
      /<\/body>/i.test(own)
        ? own.replace(/<\/body>/i, `  ${script}\n  </body>`)
        : `${own.trimEnd()}\n${script}\n`,
      projectName,
    );
  }
  return withProjectTitle(
    TEMPLATE_FILES['index.html'].replace(
      '<script type="module" src="/src/main.tsx"></script>',
      script,
    ),
    projectName,
  );
}

function readme(projectName: string): string {
  return [
    `# ${projectName}`,
    '',
    'Made with Mason: a React and TypeScript app built with Vite.',
    '',
    runSection(),
  ].join('\n');
}

function runSection(): string {
  return [
    '## Run it on your computer',
    '',
    'You need Node.js 20 or newer. In this folder:',
    '',
    '```sh',
    'npm install && npm run dev',
    '```',
    '',
    'then open the address it prints (http://localhost:5173). To build the site into `dist/`,',
    'ready to put on any static host:',
    '',
    '```sh',
    'npm run build',
    '```',
    '',
    '`npm run preview` serves that build. package-lock.json holds the exact packages the app was',
    'made with; `npm ci` installs exactly those.',
    '',
  ].join('\n');
}

/**
 * A version's files as a complete Vite + React + TypeScript project that installs and builds as
 * it is. The project's own files win where it has them (the person or the assistant may have
 * changed any of them), files under public/ included as they are; what a Vite project needs and
 * the project lacks comes from the starter: vite.config.ts, tsconfig.json, src/vite-env.d.ts,
 * index.html, a README saying how to run it, a .gitignore. package.json is merged (see
 * mergePackageJson).
 */
export function exportProjectFiles(
  files: ExportFiles,
  options: { projectName: string },
): Map<string, Uint8Array> {
  const out = new Map(files);
  const addMissing = (path: string, text: string) => {
    if (!out.has(path)) out.set(path, utf8.encode(text));
  };

  const packageJson = mergePackageJson(decode(files.get('package.json')), options.projectName);
  out.set('package.json', utf8.encode(packageJson));
  // A lock the project kept cannot know the versions above: it is the download's, or none.
  const lockfile = lockfileFor(JSON.parse(packageJson) as Json);
  if (lockfile === null) out.delete('package-lock.json');
  else out.set('package-lock.json', utf8.encode(lockfile));
  out.set('index.html', utf8.encode(indexHtml(files, options.projectName)));
  if (!VITE_CONFIGS.some((path) => files.has(path))) {
    out.set('vite.config.ts', utf8.encode(TEMPLATE_FILES['vite.config.ts']));
  }
  addMissing('tsconfig.json', TEMPLATE_FILES['tsconfig.json']);
  addMissing('src/vite-env.d.ts', TEMPLATE_FILES['src/vite-env.d.ts']);
  addMissing('.gitignore', GITIGNORE);

  // The starter's README is headed 'My app': the download's is headed with the project's name.
  const ownReadme = decode(files.get('README.md'))?.replace(
    new RegExp(`^# ${STARTER_TITLE}\\n`),
    () => `# ${options.projectName.trim() || STARTER_TITLE}\n`,
  );
  if (ownReadme === undefined) {
    out.set('README.md', utf8.encode(readme(options.projectName)));
  } else if (
    !['npm install', 'npm run dev', 'npm run build'].every((command) => ownReadme.includes(command))
  ) {
    out.set('README.md', utf8.encode(`${ownReadme.trimEnd()}\n\n${runSection()}`));
  } else {
    out.set('README.md', utf8.encode(ownReadme));
  }
  return out;
}
