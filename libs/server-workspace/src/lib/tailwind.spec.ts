import { checkFiles } from './check-files';
import { TailwindStyles, usesTailwind } from './tailwind';

const STYLESHEET = `@import "tailwindcss";
@custom-variant dark (&:where(.dark, .dark *));

@theme inline {
  --color-primary: var(--primary);
  --radius-lg: var(--radius);
}

:root {
  --primary: oklch(0.21 0.006 285.885);
  --radius: 1rem;
}
`;

function project(files: Record<string, string>): Map<string, string> {
  return new Map(Object.entries({ 'src/index.css': STYLESHEET, ...files }));
}

/** The rule of one class in the output, or undefined. */
function ruleOf(css: string, selector: string): string | undefined {
  const start = css.indexOf(`${selector} {`);
  return start < 0 ? undefined : css.slice(start, css.indexOf('}', start) + 1);
}

describe('usesTailwind', () => {
  it('knows a Tailwind stylesheet from a plain one', () => {
    expect(usesTailwind('@import "tailwindcss";')).toBe(true);
    expect(usesTailwind("@import 'tailwindcss/theme.css' layer(theme);")).toBe(true);
    expect(usesTailwind('.card { @apply p-4; }')).toBe(true);
    expect(usesTailwind('@reference "../index.css";')).toBe(true);
    expect(usesTailwind(':root { --a: 1; }\n@media (min-width: 40rem) { .a { color: red } }')).toBe(
      false,
    );
    expect(usesTailwind('@import "./other.css";\n@layer base { a { color: red } }')).toBe(false);
  });
});

describe('TailwindStyles', () => {
  it('has the rules of the classes the files use, and none of the others', async () => {
    const styles = new TailwindStyles();
    const files = project({
      'src/App.tsx': `export const App = () => <main className="p-4 bg-primary rounded-lg dark:bg-white">Hi</main>;`,
      'index.html': '<body class="min-h-screen"></body>',
    });
    const css = await styles.compile('src/index.css', STYLESHEET, files);
    expect(ruleOf(css, '.p-4')).toContain('padding: calc(var(--spacing) * 4)');
    // The theme's variables, as the app's own (inline) values.
    expect(ruleOf(css, '.bg-primary')).toContain('background-color: var(--primary)');
    expect(ruleOf(css, '.rounded-lg')).toContain('border-radius: var(--radius)');
    expect(css).toMatch(/\.dark\\:bg-white:where\(\.dark, \.dark \*\)/);
    expect(ruleOf(css, '.min-h-screen')).toContain('min-height: 100vh');
    // The app's own rules stay, and nothing the files do not use is generated.
    expect(css).toContain('--radius: 1rem');
    expect(css).not.toContain('.p-8');
    expect(css).not.toContain('.bg-red-500');
  });

  it('builds again after an edit: an added class appears, a removed one is gone', async () => {
    const styles = new TailwindStyles();
    const app = (classes: string) =>
      project({ 'src/App.tsx': `export const App = () => <p className="${classes}" />;` });
    const first = await styles.compile('src/index.css', STYLESHEET, app('p-4'));
    expect(first).toContain('.p-4');
    const added = await styles.compile('src/index.css', STYLESHEET, app('p-4 text-center'));
    expect(added).toContain('.p-4');
    expect(added).toContain('.text-center');
    const replaced = await styles.compile('src/index.css', STYLESHEET, app('p-6'));
    expect(replaced).toContain('.p-6');
    expect(replaced).not.toContain('.p-4');
    expect(replaced).not.toContain('.text-center');
  });

  it('reads files given as bytes, as the store holds them', async () => {
    const styles = new TailwindStyles();
    const files = new Map<string, string | Uint8Array>([
      ['src/index.css', Buffer.from(STYLESHEET)],
      ['src/App.tsx', Buffer.from('export const App = () => <p className="underline" />;')],
    ]);
    expect(await styles.compile('src/index.css', STYLESHEET, files)).toContain('.underline');
  });

  it("reads the project's own stylesheets it imports, and sees when they change", async () => {
    const styles = new TailwindStyles();
    const entry = '@import "tailwindcss";\n@import "./theme.css";\n';
    const files = (brand: string) =>
      new Map(
        Object.entries({
          'src/index.css': entry,
          'src/theme.css': `@theme { --color-brand: ${brand}; }`,
          'src/App.tsx': 'export const App = () => <p className="text-brand" />;',
        }),
      );
    expect(await styles.compile('src/index.css', entry, files('#112233'))).toContain(
      '--color-brand: #112233',
    );
    expect(await styles.compile('src/index.css', entry, files('#445566'))).toContain(
      '--color-brand: #445566',
    );
  });

  it("never reads a stylesheet from outside the project's files", async () => {
    const styles = new TailwindStyles();
    for (const id of ['/etc/passwd', '../../outside.css', 'some-package/styles.css']) {
      const css = `@import "tailwindcss";\n@import "${id}";\n`;
      await expect(styles.compile('src/index.css', css, project({}))).rejects.toThrow(
        `Cannot import \`${id}\``,
      );
    }
    await expect(
      styles.compile(
        'src/index.css',
        '@import "tailwindcss";\n@plugin "some-plugin";\n',
        project({}),
      ),
    ).rejects.toThrow('Tailwind plugins and config files are not supported');
  });

  it('locates an unknown utility in @apply at its file and line', async () => {
    const css = '@import "tailwindcss";\n\n.card {\n  @apply p-4 shadow-fancy;\n}\n';
    const result = await new TailwindStyles().load('src/index.css', css, project({}), {
      file: 'ns:src/index.css',
      loader: 'css',
    });
    expect(result.errors).toEqual([
      expect.objectContaining({
        text: 'Cannot apply unknown utility class `shadow-fancy`',
        location: expect.objectContaining({ file: 'ns:src/index.css', line: 4, column: 13 }),
      }),
    ]);
  });
});

describe('checkFiles with Tailwind', () => {
  const app = 'import "./index.css";\nexport const App = () => <p className="p-4" />;\n';

  it('finds nothing wrong with a working Tailwind project', async () => {
    expect(await checkFiles(project({ 'src/main.tsx': app }))).toEqual([]);
  });

  it("reports Tailwind's error at the stylesheet's line", async () => {
    const css = `${STYLESHEET}\n.title {\n  @apply text-huge;\n}\n`;
    const line = css.split('\n').findIndex((text) => text.includes('text-huge')) + 1;
    const diagnostics = await checkFiles(
      new Map(Object.entries({ 'src/index.css': css, 'src/main.tsx': app })),
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'src/index.css',
        line,
        message: 'Cannot apply unknown utility class `text-huge`',
      }),
    ]);
  });
});
