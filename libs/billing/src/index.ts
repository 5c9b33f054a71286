// Public API of @mason/billing: name every export.
export {};
