import { languageOf } from './code-lines';
import { HIGHLIGHT_MAX_CHARS, highlightLines } from './highlight';

const text = (line: { text: string }[] | undefined) =>
  (line ?? []).map(({ text }) => text).join('');

describe('languageOf', () => {
  it.each([
    ['src/App.tsx', 'typescript'],
    ['vite.config.ts', 'typescript'],
    ['src/main.jsx', 'javascript'],
    ['src/index.css', 'css'],
    ['package.json', 'json'],
    ['tsconfig.app.json', 'json'],
    ['index.html', 'xml'],
    ['public/logo.svg', 'xml'],
    ['README.md', 'markdown'],
  ])('reads %s as %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });

  it('shows unknown files and dotfiles as plain text', () => {
    expect(languageOf('.gitignore')).toBeNull();
    expect(languageOf('LICENSE')).toBeNull();
    expect(languageOf('data.csv')).toBeNull();
  });
});

describe('highlightLines', () => {
  it('keeps every character, one array per line', () => {
    const code = 'export function App() {\n  return <h1>Todos</h1>;\n}\n';
    const lines = highlightLines(code, 'typescript');
    expect(lines.map(text)).toEqual(['export function App() {', '  return <h1>Todos</h1>;', '}']);
  });

  it('marks keywords, strings and comments', () => {
    const [line] = highlightLines("const name = 'Ada'; // who", 'typescript');
    const classOf = (fragment: string) => line?.find(({ text }) => text === fragment)?.className;
    expect(classOf('const')).toBe('hljs-keyword');
    expect(classOf("'Ada'")).toBe('hljs-string');
    expect(classOf('// who')).toBe('hljs-comment');
  });

  it('keeps a block comment highlighted on each of its lines', () => {
    const lines = highlightLines('/* one\n   two */\nbody {}', 'css');
    expect(lines[0]?.[0]).toEqual({ text: '/* one', className: 'hljs-comment' });
    expect(lines[1]?.[0]).toEqual({ text: '   two */', className: 'hljs-comment' });
    expect(text(lines[2])).toBe('body {}');
  });

  it('treats markup as text, never as HTML', () => {
    const lines = highlightLines('<script>alert(1)</script>', null);
    expect(lines).toEqual([[{ text: '<script>alert(1)</script>', className: '' }]]);
  });

  it('keeps empty lines', () => {
    expect(highlightLines('a\n\nb', null).map(text)).toEqual(['a', '', 'b']);
    expect(highlightLines('', null)).toEqual([[]]);
  });

  it('shows a very large file as plain text', () => {
    const big = `const a = 1;\n`.repeat(Math.ceil(HIGHLIGHT_MAX_CHARS / 13) + 1);
    const lines = highlightLines(big, 'typescript');
    expect(lines.every((line) => line.every(({ className }) => className === ''))).toBe(true);
    expect(lines).toHaveLength(big.split('\n').length - 1);
  });
});
