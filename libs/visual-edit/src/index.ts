// Public API of @mason/visual-edit: name every export.
export { VisualEditToggle } from './lib/visual-edit-toggle/visual-edit-toggle';
export { VisualEditPanel } from './lib/visual-edit-panel/visual-edit-panel';
export type { VisualEditPanelProps } from './lib/visual-edit-panel/visual-edit-panel';
