import styled from 'styled-components';
import { visuallyHiddenStyles } from './styles';

/** The container name a toolbar gives itself so its buttons' labels can fold away. */
export const TOOLBAR_CONTAINER = 'toolbar';

/** Below this width a toolbar shows its buttons as icons (their labels stay for screen readers). */
export const TOOLBAR_COMPACT_MAX_PX = 560;

/**
 * A toolbar button's words: shown beside its icon, and only read out (visually hidden) when the
 * toolbar (a `container: toolbar / inline-size` element) is narrow, so the toolbar keeps to
 * one row instead of wrapping.
 */
export const ToolbarLabel = styled.span`
  @container ${TOOLBAR_CONTAINER} (max-width: ${TOOLBAR_COMPACT_MAX_PX}px) {
    ${visuallyHiddenStyles}
  }
`;
