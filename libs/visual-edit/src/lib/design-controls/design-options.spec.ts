import type { ElementDraft } from '../edit-draft/edit-draft';
import { DESIGN_GROUPS, currentValue, optionOf, withOption } from './design-options';

const group = (id: string) => {
  const found = DESIGN_GROUPS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No design group ${id}.`);
  return found;
};
const draft = (className: string, style: Record<string, string> = {}): ElementDraft => ({
  className,
  textContent: 'Hello',
  src: null,
  styleRows: Object.entries(style).map(([property, value], index) => ({
    id: index + 1,
    property,
    value,
  })),
});

describe('design options in a Tailwind app', () => {
  it('replaces the class that set the same thing, and leaves the others', () => {
    const size = group('font-size');
    const next = withOption(
      draft('text-2xl font-bold text-center'),
      size,
      optionOf(size, 'text-4xl', true),
      true,
    );
    expect(next.className).toBe('font-bold text-center text-4xl');
    expect(currentValue(next, size, true)).toBe('text-4xl');
    // Text colour and size are both text-*: each keeps to its own.
    const colour = group('text-colour');
    const coloured = withOption(next, colour, optionOf(colour, 'text-primary', true), true);
    expect(coloured.className).toBe('font-bold text-center text-4xl text-primary');
    expect(currentValue(coloured, size, true)).toBe('text-4xl');
    expect(currentValue(coloured, colour, true)).toBe('text-primary');
  });

  it('sets a border and its colour from the theme, each keeping to its own', () => {
    const border = group('border');
    const colour = group('border-colour');
    const thin = withOption(
      draft('rounded-lg p-4'),
      border,
      optionOf(border, 'border', true),
      true,
    );
    const coloured = withOption(thin, colour, optionOf(colour, 'border-primary', true), true);
    expect(coloured.className).toBe('rounded-lg p-4 border border-primary');
    const thick = withOption(coloured, border, optionOf(border, 'border-2', true), true);
    expect(thick.className).toBe('rounded-lg p-4 border-primary border-2');
    expect(currentValue(thick, colour, true)).toBe('border-primary');
    expect(currentValue(thick, border, true)).toBe('border-2');
  });

  it('sets the size: width and height each keep to their own', () => {
    const width = group('width');
    const height = group('height');
    const sized = withOption(
      withOption(draft('w-fit h-8'), width, optionOf(width, 'w-full', true), true),
      height,
      optionOf(height, 'h-screen', true),
      true,
    );
    expect(sized.className).toBe('w-full h-screen');
  });

  it('unsets a group by removing every class that sets it, and names a class it does not offer', () => {
    const padding = group('padding');
    expect(currentValue(draft('px-2 font-bold'), padding, true)).toBe('px-2');
    expect(optionOf(padding, 'px-2', true)).toBeNull();
    expect(withOption(draft('p-4 px-2 font-bold'), padding, null, true).className).toBe(
      'font-bold',
    );
    expect(currentValue(draft('font-bold'), padding, true)).toBe('');
  });
});

describe('design options outside Tailwind', () => {
  it('writes a border as the shorthand (a width alone would not show) and its colour from the theme', () => {
    const border = group('border');
    const colour = group('border-colour');
    const thin = withOption(draft(''), border, optionOf(border, '1px solid', false), false);
    const coloured = withOption(
      thin,
      colour,
      optionOf(colour, 'var(--primary, #4f46e5)', false),
      false,
    );
    expect(coloured.styleRows.map(({ property, value }) => [property, value])).toEqual([
      ['border', '1px solid'],
      ['border-color', 'var(--primary, #4f46e5)'],
    ]);
  });

  it('writes, replaces and removes the inline style of the property', () => {
    const align = group('text-align');
    const centred = withOption(
      draft('title', { color: 'red' }),
      align,
      optionOf(align, 'center', false),
      false,
    );
    expect(centred.className).toBe('title');
    expect(centred.styleRows.map(({ property, value }) => [property, value])).toEqual([
      ['color', 'red'],
      ['text-align', 'center'],
    ]);
    expect(currentValue(centred, align, false)).toBe('center');
    const right = withOption(centred, align, optionOf(align, 'right', false), false);
    expect(right.styleRows.map(({ id, value }) => [id, value])).toEqual([
      [1, 'red'],
      [2, 'right'],
    ]);
    expect(withOption(right, align, null, false).styleRows).toHaveLength(1);
  });

  it('uses the theme’s colour variables with a fallback, and reads a camelCase row', () => {
    const background = group('background');
    const primary = optionOf(background, 'var(--primary, #4f46e5)', false);
    expect(primary?.label).toBe('Primary');
    expect(
      currentValue(draft('', { backgroundColor: 'var(--primary, #4f46e5)' }), background, false),
    ).toBe('var(--primary, #4f46e5)');
  });
});
