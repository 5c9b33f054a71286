// Public API of @mason/server-app-data: name every export.
export {};
