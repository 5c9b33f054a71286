import { css } from 'styled-components';

/** Hides content visually while keeping it for screen readers. */
export const visuallyHiddenStyles = css`
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  white-space: nowrap !important;
  border: 0 !important;
`;

/** The focus ring of controls (border + soft ring), shown for keyboard focus only. */
export const focusRingStyles = css`
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.ring};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

/** A small message floating over the page about a control (its error), on the popover surface. */
export const floatingErrorStyles = css`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.popover};
  box-shadow: ${({ theme }) => theme.shadows.md};
  color: ${({ theme }) => theme.colors.destructiveText};
`;

/** Standard transition for interactive surfaces. */
export const interactiveTransition = css`
  transition-property: color, background-color, border-color, box-shadow, opacity, transform;
  transition-duration: ${({ theme }) => theme.motion.durations.fast};
  transition-timing-function: ${({ theme }) => theme.motion.easings.standard};
`;
