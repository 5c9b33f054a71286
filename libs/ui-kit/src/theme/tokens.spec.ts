import { createMasonTheme, createRadii, darkTheme, lightTheme, type ColorTokens } from './tokens';

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const channels = [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const TEXT_PAIRS: [keyof ColorTokens, keyof ColorTokens][] = [
  ['foreground', 'background'],
  ['cardForeground', 'card'],
  ['popoverForeground', 'popover'],
  ['primaryForeground', 'primary'],
  ['secondaryForeground', 'secondary'],
  ['mutedForeground', 'background'],
  ['mutedForeground', 'card'],
  ['mutedForeground', 'muted'],
  ['mutedForeground', 'secondary'],
  ['mutedForeground', 'accent'],
  ['accentForeground', 'accent'],
  ['destructiveForeground', 'destructive'],
  ['destructiveText', 'background'],
  ['successForeground', 'success'],
  ['successText', 'background'],
  ['warningForeground', 'warning'],
  ['warningText', 'background'],
  ['infoForeground', 'info'],
  ['infoText', 'background'],
  ['toastForeground', 'toast'],
];

describe('tokens', () => {
  it.each([
    ['dark', darkTheme],
    ['light', lightTheme],
  ])('%s mode: every text colour on its surface reaches WCAG AA (4.5:1)', (_mode, theme) => {
    for (const [text, surface] of TEXT_PAIRS) {
      const ratio = contrast(theme.colors[text] as string, theme.colors[surface] as string);
      expect({ pair: `${text} on ${surface}`, ok: ratio >= 4.5 }).toEqual({
        pair: `${text} on ${surface}`,
        ok: true,
      });
    }
  });

  it('derives the radii from the base radius like shadcn/ui (1rem by default)', () => {
    expect(darkTheme.radii).toEqual({
      base: '1rem',
      sm: '12px',
      md: '14px',
      lg: '16px',
      xl: '20px',
      full: '9999px',
    });
    expect(createRadii(0.5)).toMatchObject({ sm: '4px', md: '6px', lg: '8px', xl: '12px' });
    expect(createRadii(0).sm).toBe('0px');
  });

  it('has the same token names in both modes and dark toasts in both', () => {
    expect(Object.keys(lightTheme.colors).sort()).toEqual(Object.keys(darkTheme.colors).sort());
    expect(lightTheme.colors.toast).toBe(darkTheme.colors.toast);
    expect(createMasonTheme('light', { radius: 0.75 }).radii.lg).toBe('12px');
  });

  it('stacks toasts above modals above the banner', () => {
    const { zIndices } = darkTheme;
    expect(zIndices.toast).toBeGreaterThan(zIndices.modal);
    expect(zIndices.modal).toBeGreaterThan(zIndices.banner);
  });
});
