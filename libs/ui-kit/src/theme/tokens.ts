/**
 * Mason's design tokens, in shadcn/ui's vocabulary: base colour zinc, radius 1rem, two modes.
 * Every colour and size a component uses comes from here, through `props.theme`. The shapes are
 * in token-types.ts, the colours of both modes in colors.ts.
 */

import { darkColors, lightColors } from './colors';
import type {
  BreakpointTokens,
  ColorTokens,
  MasonTheme,
  MotionTokens,
  RadiusTokens,
  ResolvedThemeMode,
  ShadowTokens,
  SpaceTokens,
  TypographyTokens,
  ZIndexTokens,
} from './token-types';

export { darkColors, lightColors } from './colors';
export type {
  BreakpointTokens,
  ColorTokens,
  FontSizeKey,
  FontSizeTokens,
  FontWeightKey,
  FontWeightTokens,
  LineHeightTokens,
  MasonTheme,
  MotionTokens,
  RadiusTokens,
  ResolvedThemeMode,
  ShadowTokens,
  SpaceKey,
  SpaceTokens,
  ThemeMode,
  TypographyTokens,
  ZIndexTokens,
} from './token-types';

/** Theme defaults of SPEC.md section 9: zinc, radius 1 (rem), dark. */
export const THEME_DEFAULTS = { name: 'zinc', radius: 1, mode: 'dark' } as const;

export const space: SpaceTokens = {
  0: '0px',
  0.5: '2px',
  1: '4px',
  1.5: '6px',
  2: '8px',
  2.5: '10px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
  16: '64px',
  20: '80px',
  24: '96px',
};

export const typography: TypographyTokens = {
  fonts: {
    sans: "Inter, InterVariable, -apple-system, BlinkMacSystemFont, 'Segoe UI Variable Text', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
    mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
    '5xl': '3rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { none: 1, tight: 1.2, snug: 1.35, normal: 1.5, relaxed: 1.65 },
  letterSpacings: { tighter: '-0.025em', tight: '-0.012em', normal: '0', wide: '0.02em' },
};

const zIndices: ZIndexTokens = {
  base: 0,
  raised: 1,
  dropdown: 1000,
  sticky: 1100,
  banner: 1200,
  overlay: 1300,
  modal: 1400,
  popover: 1500,
  toast: 1600,
};

export const breakpoints: BreakpointTokens = {
  sm: '640px',
  md: '768px',
  lg: '1024px',
  xl: '1280px',
  '2xl': '1536px',
};

const media = Object.fromEntries(
  Object.entries(breakpoints).map(([key, value]) => [key, `@media (min-width: ${value})`]),
) as Record<keyof BreakpointTokens, string>;

export const motion: MotionTokens = {
  durations: { instant: '0ms', fast: '120ms', normal: '200ms', slow: '320ms', pulse: '1600ms' },
  easings: {
    standard: 'cubic-bezier(0.2, 0, 0, 1)',
    out: 'cubic-bezier(0.16, 1, 0.3, 1)',
    in: 'cubic-bezier(0.4, 0, 1, 1)',
    spring: 'cubic-bezier(0.34, 1.56, 0.64, 1)',
  },
};

/**
 * Radii derived from the base radius the way shadcn/ui does it:
 * lg = radius, md = radius - 2px, sm = radius - 4px, xl = radius + 4px.
 */
export function createRadii(radiusRem: number): RadiusTokens {
  const px = Math.max(0, radiusRem * 16);
  const at = (delta: number) => `${Math.max(0, px + delta)}px`;
  return { base: `${radiusRem}rem`, sm: at(-4), md: at(-2), lg: at(0), xl: at(4), full: '9999px' };
}

function createShadows(mode: ResolvedThemeMode, colors: ColorTokens): ShadowTokens {
  const focus = `0 0 0 3px ${colors.ringSubtle}`;
  const focusDestructive = `0 0 0 3px ${mode === 'dark' ? 'rgba(248, 113, 113, 0.35)' : 'rgba(220, 38, 38, 0.22)'}`;
  if (mode === 'dark') {
    return {
      xs: '0 1px 2px rgba(0, 0, 0, 0.4)',
      sm: '0 1px 3px rgba(0, 0, 0, 0.45), 0 1px 2px rgba(0, 0, 0, 0.3)',
      md: '0 4px 12px -2px rgba(0, 0, 0, 0.5), 0 2px 4px -2px rgba(0, 0, 0, 0.4)',
      lg: '0 12px 32px -8px rgba(0, 0, 0, 0.6), 0 4px 8px -4px rgba(0, 0, 0, 0.4)',
      xl: '0 24px 64px -12px rgba(0, 0, 0, 0.7), 0 0 0 1px rgba(255, 255, 255, 0.04)',
      focus,
      focusDestructive,
    };
  }
  return {
    xs: '0 1px 2px rgba(9, 9, 11, 0.05)',
    sm: '0 1px 3px rgba(9, 9, 11, 0.08), 0 1px 2px rgba(9, 9, 11, 0.04)',
    md: '0 4px 12px -2px rgba(9, 9, 11, 0.08), 0 2px 4px -2px rgba(9, 9, 11, 0.05)',
    lg: '0 12px 32px -8px rgba(9, 9, 11, 0.14), 0 4px 8px -4px rgba(9, 9, 11, 0.06)',
    xl: '0 24px 64px -12px rgba(9, 9, 11, 0.22)',
    focus,
    focusDestructive,
  };
}

export interface CreateMasonThemeOptions {
  /** Base radius in rem (SPEC.md theme default: 1). */
  radius?: number;
}

/** Builds the theme of one mode. `lightTheme` and `darkTheme` are the defaults. */
export function createMasonTheme(
  mode: ResolvedThemeMode,
  options: CreateMasonThemeOptions = {},
): MasonTheme {
  const colors = mode === 'dark' ? darkColors : lightColors;
  return {
    name: 'zinc',
    mode,
    colors,
    space,
    radii: createRadii(options.radius ?? THEME_DEFAULTS.radius),
    typography,
    shadows: createShadows(mode, colors),
    zIndices,
    breakpoints,
    media,
    motion,
  };
}

export const darkTheme: MasonTheme = createMasonTheme('dark');
export const lightTheme: MasonTheme = createMasonTheme('light');
