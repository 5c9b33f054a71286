// Test helpers of @mason/server-mcp (specs and end-to-end set-ups only): name every export.
export { FAILING_TEXT, noted, startMcpTestServer } from './testing/mcp-test-server';
export type { McpTestServer, McpTestServerOptions } from './testing/mcp-test-server';
