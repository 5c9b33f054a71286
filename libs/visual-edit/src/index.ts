// Public API of @mason/visual-edit: name every export.
export {};
