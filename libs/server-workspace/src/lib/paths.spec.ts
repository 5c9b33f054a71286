import { FilePathError, WorkspaceError } from './errors';
import { MAX_PATH_LENGTH, normalizeProjectPath } from './paths';

function refusal(input: string): FilePathError {
  try {
    normalizeProjectPath(input);
  } catch (error) {
    if (error instanceof FilePathError) return error;
    throw error;
  }
  throw new Error(`'${input}' was accepted`);
}

describe('normalizeProjectPath', () => {
  it.each([
    ['src/App.tsx', 'src/App.tsx'],
    ['./src//a.ts', 'src/a.ts'],
    ['./README.md', 'README.md'],
    ['src///components//Button.tsx', 'src/components/Button.tsx'],
    ['.gitignore', '.gitignore'],
    ['src/.env.example', 'src/.env.example'],
    ['public/logo file.png', 'public/logo file.png'],
    ['src/über.ts', 'src/über.ts'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeProjectPath(input)).toBe(expected);
  });

  it.each([
    ['an empty path', '', /The path is empty/],
    ['a blank path', '   ', /The path is empty/],
    ['an absolute path', '/etc/passwd', /is absolute.*src\/App\.tsx/],
    ['a Windows drive path', 'C:\\Users\\x', /is absolute/],
    ['a Windows drive path with slashes', 'c:/x', /is absolute/],
    ['a UNC path', '\\\\server\\share\\x', /is absolute/],
    ['a backslash', 'src\\App.tsx', /backslash.*'\/'/],
    [
      'a .. segment at the start',
      '../x',
      /'\.\.\/x' leaves the project\. Use a relative path like src\/App\.tsx\./,
    ],
    ['a .. segment in the middle', 'src/../../etc/passwd', /leaves the project/],
    ['a .. segment that stays inside', 'src/../App.tsx', /leaves the project/],
    ['a NUL byte', 'src/a\0.ts', /NUL byte/],
    ['a newline', 'src/a\n.ts', /control character/],
    ['a tab', 'src/\ta.ts', /control character/],
    ['a DEL character', 'src/a\u007f.ts', /control character/],
    ['a . segment in the middle', 'src/./a.ts', /'\.' segment/],
    ['only a dot', '.', /'\.' segment/],
    ['only ./', './', /names no file/],
    ['a segment of three dots', 'src/.../a.ts', /only of dots/],
    ['a folder', 'src/', /names a folder/],
    ['node_modules at the root', 'node_modules/react/index.js', /node_modules/],
    ['node_modules deeper', 'src/node_modules/x.js', /node_modules/],
    ['.git', '.git/config', /\.git/],
    ['NODE_MODULES in capitals', 'NODE_MODULES/x.js', /node_modules/],
    ['Node_Modules deeper', 'src/Node_Modules/x.js', /node_modules/],
    ['.GIT in capitals', '.GIT/hooks/pre-commit', /\.git/],
    ['a right-to-left override', 'src/\u202egnp.ts', /invisible or text-reordering/],
    ['a left-to-right isolate', 'src/a\u2066b.ts', /invisible or text-reordering/],
    ['a zero-width space', 'src/a\u200b.ts', /invisible or text-reordering/],
    ['a line separator', 'src/a\u2028b.ts', /invisible or text-reordering/],
    ['a name with a leading space', ' src/a.ts', /space/],
    ['a segment with a trailing space', 'src /a.ts', /space/],
  ])('refuses %s', (_what, input, message) => {
    const error = refusal(input);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error.name).toBe('FilePathError');
    expect(error.message).toMatch(message);
  });

  it(`refuses paths over ${MAX_PATH_LENGTH} characters and accepts one of exactly that length`, () => {
    const exact = `src/${'a'.repeat(MAX_PATH_LENGTH - 4)}`;
    expect(normalizeProjectPath(exact)).toBe(exact);
    expect(refusal(`${exact}b`).message).toMatch(/1025 characters long; the limit is 1024/);
  });

  it('never puts control characters into its messages', () => {
    const message = refusal('a\u0007b\0').message;
    expect([...message].every((character) => character >= ' ')).toBe(true);
    expect(message).toContain('\\u0007');
  });

  it('shows text-reordering characters escaped, so a message reads as it is', () => {
    const message = refusal('src/\u202egnp.exe').message;
    expect(message).not.toContain('\u202e');
    expect(message).toContain('\\u202e');
  });
});
