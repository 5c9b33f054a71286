import { createGlobalStyle } from 'styled-components';

/**
 * Reset, font stack, focus-visible rings, selection colour and reduced motion.
 * Rendered by MasonThemeProvider (turn off with `withGlobalStyle={false}`).
 */
export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
    border-width: 0;
    border-style: solid;
    border-color: ${({ theme }) => theme.colors.border};
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    tab-size: 4;
    background-color: ${({ theme }) => theme.colors.background};
    color-scheme: ${({ theme }) => theme.mode};
    scrollbar-color: ${({ theme }) => `${theme.colors.input} transparent`};
  }

  body {
    margin: 0;
    min-height: 100vh;
    min-height: 100dvh;
    background-color: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.foreground};
    font-family: ${({ theme }) => theme.typography.fonts.sans};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    line-height: ${({ theme }) => theme.typography.lineHeights.normal};
    font-feature-settings: 'cv11', 'ss01', 'ss03';
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, h5, h6, p, blockquote, figure, pre, dl, dd {
    margin: 0;
  }

  h1, h2, h3, h4, h5, h6 {
    font-size: inherit;
    font-weight: inherit;
    text-wrap: balance;
  }

  p {
    text-wrap: pretty;
  }

  ol, ul, menu {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  img, svg, video, canvas, audio, iframe, embed, object {
    display: block;
    vertical-align: middle;
  }

  img, video {
    max-width: 100%;
    height: auto;
  }

  button, input, optgroup, select, textarea {
    font: inherit;
    font-feature-settings: inherit;
    letter-spacing: inherit;
    color: inherit;
    margin: 0;
  }

  button, [role='button'] {
    cursor: pointer;
  }

  button:disabled, [aria-disabled='true'] {
    cursor: not-allowed;
  }

  a {
    color: inherit;
    text-decoration: inherit;
  }

  code, kbd, samp, pre {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.925em;
  }

  hr {
    height: 0;
    border-top-width: 1px;
    color: inherit;
  }

  :focus {
    outline: none;
  }

  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }

  ::selection {
    background-color: ${({ theme }) => theme.colors.selection};
  }

  ::placeholder {
    color: ${({ theme }) => theme.colors.mutedForeground};
    opacity: 1;
  }

  [hidden] {
    display: none !important;
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
