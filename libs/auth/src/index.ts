// Public API of @mason/auth: name every export.
export {};
