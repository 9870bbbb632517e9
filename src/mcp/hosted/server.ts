/**
 * The hosted MCP server: one low-level SDK `Server` per request (stateless, so any instance
 * answers), holding no state of its own. Tools are data (src/mcp/tools): `tools/list` shows every
 * tool whose surface is hosted or both — all write tools included, whoever asks (contract 9.5) —
 * and `tools/call` runs one through `executeTool`, which checks its authority at call time.
 *
 * The low-level `Server` (not `McpServer`) because the tools already carry their JSON Schemas
 * from the contract and are executed by our own checks; `McpServer` would wrap each schema in a
 * second validator per request.
 */
import fs from 'node:fs';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { RouteClass } from '../../generated/contract.js';
import { portableSchema } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { TOOLS } from '../tools/index.js';
import { executeTool, type HostedCallContext } from './execute.js';

export const SERVER_NAME = 'marquee';

const packageVersion = (): string => {
  try {
    return String(JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version);
  } catch {
    return '0.0.0';
  }
};
export const SERVER_VERSION = packageVersion();

export const INSTRUCTIONS =
  'Marquee is a directory of virtual-reality communities, people, worlds and events. Anyone may search and read it ' +
  '(service_search, service_get_*, service_list_*, search, fetch). Write tools change public data: call them only with ' +
  "the operator's explicit approval, and never retry a write whose outcome is unknown without reading the object first.";

/** The tools this endpoint serves, in list order. */
export const HOSTED_TOOLS: readonly ToolDefinition[] = TOOLS.filter((tool) => tool.surface === 'hosted' || tool.surface === 'both');
const BY_NAME = new Map(HOSTED_TOOLS.map((tool) => [tool.name, tool]));

export function hostedTool(name: unknown): ToolDefinition | undefined {
  return typeof name === 'string' ? BY_NAME.get(name) : undefined;
}

/** How a tool is listed (MCP `Tool`), its schemas in their portable spelling (schemas.ts). */
const LISTED = HOSTED_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: portableSchema(tool.inputSchema),
  outputSchema: portableSchema(tool.outputSchema),
  annotations: { title: tool.title, ...tool.annotations },
}));

/** What one request's server runs with: the call context and the request's route class. */
export interface HostedRequestContext extends HostedCallContext {
  routeClass: RouteClass;
}

export function createHostedServer(ctx: HostedRequestContext): Server {
  const server = new Server({ name: SERVER_NAME, title: 'Marquee', version: SERVER_VERSION }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler('tools/list', async () => ({ tools: LISTED as never }));
  server.setRequestHandler('tools/call', async (request) => {
    const tool = hostedTool(request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${String(request.params.name)}`);
    const result = await executeTool(tool, request.params.arguments, ctx);
    // Contract 6.2: an accepted tools/call, by tool name and route class (no arguments, no credential).
    await ctx.services.audit.record({
      action: 'mcp.tools_call',
      result: result.isError ? 'tool_error' : 'ok',
      actor: ctx.actor,
      routeClass: ctx.routeClass,
      resourceType: 'mcp_tool',
      resourceId: tool.name,
    });
    return result as never;
  });
  return server;
}
