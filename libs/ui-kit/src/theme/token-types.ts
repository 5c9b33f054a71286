/** The shapes of Mason's design tokens (the values are in tokens.ts and colors.ts). */

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
