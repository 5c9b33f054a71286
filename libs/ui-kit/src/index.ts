// Public API of @mason/ui-kit: name every export.
export {};
