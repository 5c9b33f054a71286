import { McpServersScreen } from '@mason/integrations';

/** /dashboard/mcp: the person's MCP servers, their tools and what the assistant may do with each. */
export default function McpServers() {
  return <McpServersScreen />;
}
