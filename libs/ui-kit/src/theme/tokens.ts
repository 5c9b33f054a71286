/**
 * Mason's design tokens, in shadcn/ui's vocabulary: base colour zinc, radius 1rem, two modes.
 * Every colour and size a component uses comes from here, through `props.theme`.
 */

/** The colour roles of one mode. `*Foreground` is the text colour on the matching fill. */
export interface ColorTokens {
  background: string;
  foreground: string;
  card: string;
  cardForeground: string;
  popover: string;
  popoverForeground: string;
  primary: string;
  primaryForeground: string;
  secondary: string;
  secondaryForeground: string;
  muted: string;
  mutedForeground: string;
  accent: string;
  accentForeground: string;
  /** Solid fill for destructive actions; text on it is `destructiveForeground`. */
  destructive: string;
  destructiveForeground: string;
  /** Destructive text and icons on `background` (error messages), contrast >= 4.5:1. */
  destructiveText: string;
  /** Tinted surface behind destructive content (alerts). */
  destructiveSubtle: string;
  success: string;
  successForeground: string;
  successText: string;
  successSubtle: string;
  warning: string;
  warningForeground: string;
  warningText: string;
  warningSubtle: string;
  info: string;
  infoForeground: string;
  infoText: string;
  infoSubtle: string;
  border: string;
  input: string;
  ring: string;
  /** Translucent ring drawn around focused controls. */
  ringSubtle: string;
  /** Backdrop behind modals. */
  overlay: string;
  selection: string;
  /** Toasts are dark in both modes (SPEC.md: toasts are dark). */
  toast: string;
  toastForeground: string;
  toastMutedForeground: string;
  toastBorder: string;
  /** Background hues for initials avatars, picked by a hash of the name. */
  avatarPalette: readonly string[];
}

export interface SpaceTokens {
  0: string;
  0.5: string;
  1: string;
  1.5: string;
  2: string;
  2.5: string;
  3: string;
  4: string;
  5: string;
  6: string;
  8: string;
  10: string;
  12: string;
  16: string;
  20: string;
  24: string;
}
export type SpaceKey = keyof SpaceTokens;

export interface RadiusTokens {
  /** The base radius (`radius` of the theme, in rem). */
  base: string;
  sm: string;
  md: string;
  lg: string;
  xl: string;
  full: string;
}

export interface FontSizeTokens {
  xs: string;
  sm: string;
  md: string;
  lg: string;
  xl: string;
  '2xl': string;
  '3xl': string;
  '4xl': string;
  '5xl': string;
}
export type FontSizeKey = keyof FontSizeTokens;

export interface FontWeightTokens {
  regular: number;
  medium: number;
  semibold: number;
  bold: number;
}
export type FontWeightKey = keyof FontWeightTokens;

export interface LineHeightTokens {
  none: number;
  tight: number;
  snug: number;
  normal: number;
  relaxed: number;
}

export interface TypographyTokens {
  fonts: { sans: string; mono: string };
  fontSizes: FontSizeTokens;
  fontWeights: FontWeightTokens;
  lineHeights: LineHeightTokens;
  letterSpacings: { tighter: string; tight: string; normal: string; wide: string };
}

export interface ShadowTokens {
  xs: string;
  sm: string;
  md: string;
  lg: string;
  xl: string;
  /** The focus ring drawn by `:focus-visible` on controls. */
  focus: string;
  /** The focus ring of an invalid control. */
  focusDestructive: string;
}

export interface ZIndexTokens {
  base: number;
  raised: number;
  dropdown: number;
  sticky: number;
  banner: number;
  overlay: number;
  modal: number;
  popover: number;
  toast: number;
}

export interface BreakpointTokens {
  sm: string;
  md: string;
  lg: string;
  xl: string;
  '2xl': string;
}

export interface MotionTokens {
  durations: { instant: string; fast: string; normal: string; slow: string; pulse: string };
  easings: { standard: string; out: string; in: string; spring: string };
}

export type ResolvedThemeMode = 'light' | 'dark';
export type ThemeMode = ResolvedThemeMode | 'system';

/** The whole theme of one mode: what `props.theme` holds inside styled components. */
export interface MasonTheme {
  name: 'zinc';
  mode: ResolvedThemeMode;
  colors: ColorTokens;
  space: SpaceTokens;
  radii: RadiusTokens;
  typography: TypographyTokens;
  shadows: ShadowTokens;
  zIndices: ZIndexTokens;
  breakpoints: BreakpointTokens;
  /** Ready-made media queries: `${theme.media.md} { ... }` means "at least md wide". */
  media: Record<keyof BreakpointTokens, string>;
  motion: MotionTokens;
}

declare module 'styled-components' {
  /** Declaration merge: `props.theme` is a MasonTheme in every styled component. */
  export interface DefaultTheme extends MasonTheme {
    name: MasonTheme['name'];
  }
}

/** Theme defaults of SPEC.md section 9: zinc, radius 1 (rem), dark. */
export const THEME_DEFAULTS = { name: 'zinc', radius: 1, mode: 'dark' } as const;

const zinc = {
  50: '#fafafa',
  100: '#f4f4f5',
  200: '#e4e4e7',
  300: '#d4d4d8',
  400: '#a1a1aa',
  500: '#71717a',
  600: '#52525b',
  700: '#3f3f46',
  800: '#27272a',
  850: '#1f1f23',
  900: '#18181b',
  925: '#111113',
  950: '#09090b',
} as const;

const toastColors = {
  toast: zinc[900],
  toastForeground: zinc[50],
  toastMutedForeground: zinc[400],
  toastBorder: 'rgba(255, 255, 255, 0.1)',
} as const;

export const darkColors: ColorTokens = {
  background: zinc[950],
  foreground: zinc[50],
  card: zinc[925],
  cardForeground: zinc[50],
  popover: zinc[900],
  popoverForeground: zinc[50],
  primary: zinc[50],
  primaryForeground: zinc[900],
  secondary: zinc[800],
  secondaryForeground: zinc[50],
  muted: zinc[850],
  mutedForeground: zinc[400],
  accent: zinc[800],
  accentForeground: zinc[50],
  destructive: '#dc2626',
  destructiveForeground: '#ffffff',
  destructiveText: '#f87171',
  destructiveSubtle: 'rgba(239, 68, 68, 0.12)',
  success: '#22c55e',
  successForeground: '#052e16',
  successText: '#4ade80',
  successSubtle: 'rgba(34, 197, 94, 0.12)',
  warning: '#f59e0b',
  warningForeground: '#451a03',
  warningText: '#fbbf24',
  warningSubtle: 'rgba(245, 158, 11, 0.12)',
  info: '#2563eb',
  infoForeground: '#ffffff',
  infoText: '#60a5fa',
  infoSubtle: 'rgba(59, 130, 246, 0.12)',
  border: zinc[800],
  input: '#323238',
  ring: zinc[400],
  ringSubtle: 'rgba(161, 161, 170, 0.35)',
  overlay: 'rgba(0, 0, 0, 0.62)',
  selection: 'rgba(161, 161, 170, 0.35)',
  ...toastColors,
  avatarPalette: ['#3f3f46', '#4c1d95', '#1e3a8a', '#134e4a', '#7c2d12', '#831843', '#365314'],
};

export const lightColors: ColorTokens = {
  background: '#ffffff',
  foreground: zinc[950],
  card: '#ffffff',
  cardForeground: zinc[950],
  popover: '#ffffff',
  popoverForeground: zinc[950],
  primary: zinc[900],
  primaryForeground: zinc[50],
  secondary: zinc[100],
  secondaryForeground: zinc[900],
  muted: zinc[100],
  mutedForeground: zinc[500],
  accent: zinc[100],
  accentForeground: zinc[900],
  destructive: '#dc2626',
  destructiveForeground: '#ffffff',
  destructiveText: '#dc2626',
  destructiveSubtle: '#fef2f2',
  success: '#15803d',
  successForeground: '#ffffff',
  successText: '#15803d',
  successSubtle: '#f0fdf4',
  warning: '#f59e0b',
  warningForeground: '#451a03',
  warningText: '#b45309',
  warningSubtle: '#fffbeb',
  info: '#2563eb',
  infoForeground: '#ffffff',
  infoText: '#2563eb',
  infoSubtle: '#eff6ff',
  border: zinc[200],
  input: zinc[300],
  ring: zinc[400],
  ringSubtle: 'rgba(113, 113, 122, 0.28)',
  overlay: 'rgba(9, 9, 11, 0.45)',
  selection: 'rgba(113, 113, 122, 0.25)',
  ...toastColors,
  avatarPalette: ['#e4e4e7', '#ede9fe', '#dbeafe', '#ccfbf1', '#ffedd5', '#fce7f3', '#ecfccb'],
};

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
