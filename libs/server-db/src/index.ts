// Public API of @mason/server-db: name every export.
export {};
