// Public API of @mason/api-client: name every export.
export {};
