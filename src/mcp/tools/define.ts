import type { ToolDefinition } from '../tool.js';

/**
 * Declares a tool with its own input type. The list of tools (`TOOLS`) holds them by the common
 * type: each tool's input has been validated against its own `inputSchema` before its `request`
 * or `call` sees it, so the input type is the schema's.
 */
export function defineTool<I>(tool: ToolDefinition<I>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}
