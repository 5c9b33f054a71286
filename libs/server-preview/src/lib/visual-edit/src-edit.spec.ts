import { tagJsxSource } from '../tag-jsx-source';
import { applyVisualEdits } from './apply-visual-edits';
import type { ElementLocation } from './apply-visual-edits';

const PATH = 'src/components/Hero.tsx';

const HERO = `import logo from '../assets/logo.png';

export function Hero({ photo }: { photo: string }) {
  return (
    <header className="hero">
      <img src="/assets/team.jpg" alt="The team" />
      <img className="logo" src={logo} alt="Logo" />
      <img alt="Photo" src={photo} />
      <img alt="No source yet" />
    </header>
  );
}
`;

/** Where the preview build tags the element that starts the snippet (1-based, at its `<`). */
function at(snippet: string): ElementLocation {
  const index = HERO.indexOf(snippet);
  if (index === -1 || HERO.indexOf(snippet, index + 1) !== -1) throw new Error(snippet);
  const before = HERO.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

function editedSource(snippet: string, src: string): string {
  const outcome = applyVisualEdits(HERO, PATH, [
    { location: at(snippet), change: { kind: 'update', src } },
  ]);
  if (!outcome.ok) throw new Error(outcome.message);
  // The preview build can tag it again: it parses.
  expect(() => tagJsxSource(outcome.code, PATH)).not.toThrow();
  return outcome.code;
}

describe('an image source changed in the edit panel', () => {
  it('replaces a written source, leaving the rest of the file as it was', () => {
    expect(editedSource('<img src="/assets/team.jpg"', 'https://example.com/new team.jpg')).toBe(
      HERO.replace('src="/assets/team.jpg"', 'src="https://example.com/new team.jpg"'),
    );
  });

  it('writes the chosen source over an imported asset or an expression', () => {
    expect(editedSource('<img className="logo"', '/assets/logo-2.png')).toBe(
      HERO.replace('src={logo}', 'src="/assets/logo-2.png"'),
    );
    expect(editedSource('<img alt="Photo"', './photo.png')).toBe(
      HERO.replace('src={photo}', 'src="./photo.png"'),
    );
  });

  it('gives an image without a source one', () => {
    expect(editedSource('<img alt="No source yet"', '/assets/new.png')).toBe(
      HERO.replace('<img alt="No source yet"', '<img src="/assets/new.png" alt="No source yet"'),
    );
  });

  it('writes a source holding a quote as a string expression', () => {
    expect(editedSource('<img src="/assets/team.jpg"', '/assets/it"s.png')).toBe(
      HERO.replace('src="/assets/team.jpg"', 'src={"/assets/it\\"s.png"}'),
    );
  });

  it('keeps a class change and a source change of one image together', () => {
    const outcome = applyVisualEdits(HERO, PATH, [
      { location: at('<img alt="No source yet"'), change: { kind: 'update', src: '/a.png' } },
      {
        location: at('<img alt="No source yet"'),
        change: { kind: 'update', className: 'rounded' },
      },
    ]);
    expect(outcome).toEqual({
      ok: true,
      code: HERO.replace(
        '<img alt="No source yet"',
        '<img className="rounded" src="/a.png" alt="No source yet"',
      ),
    });
  });
});
