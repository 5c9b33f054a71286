// Public API of @mason/preview: name every export.
export {};
