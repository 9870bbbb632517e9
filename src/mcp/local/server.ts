/**
 * The local stdio MCP server (contract 4.12): the tools of `TOOLS` that run locally, over HTTP
 * against a configured `/api/v0`, plus the local-only poster bytes tool.
 *
 * Listing: without a credential only the anonymous public reads; with any non-empty credential
 * every local tool, without checking its scopes (the route answers 403 when one is missing).
 */
import fs from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { portableSchema } from '../schemas.js';
import type { OperationTool, ToolBase } from '../tool.js';
import { TOOLS } from '../tools/index.js';
import { ApiClient } from './api.js';
import type { LocalConfig } from './config.js';
import { runOperationTool, type LocalContext } from './execute.js';
import { OutputCheck } from './outputCheck.js';
import { posterUploadBytesTool, type LocalOnlyTool } from './posterUploadBytes.js';
import { Redactor } from './redact.js';
import { failure } from './results.js';

export const SERVER_NAME = 'marquee';

export function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

type LocalTool = OperationTool | LocalOnlyTool<any>;

/** The tools this server lists for `config`: by surface, and by whether a credential is configured. */
export function localTools(config: Pick<LocalConfig, 'credential'>): LocalTool[] {
  const shared = TOOLS.filter((tool): tool is OperationTool => tool.kind === 'operation' && tool.surface !== 'hosted');
  const tools: LocalTool[] = config.credential.kind === 'none' ? shared.filter((tool) => tool.authority.anonymous === true) : [...shared, posterUploadBytesTool];
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) throw new Error(`Two tools named ${tool.name}`);
    names.add(tool.name);
  }
  return tools;
}

function listing(tool: ToolBase<any>): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    // The portable spelling of the same schemas (schemas.ts), as the hosted endpoint lists them.
    inputSchema: portableSchema(tool.inputSchema) as Tool['inputSchema'],
    outputSchema: portableSchema(tool.outputSchema) as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

export interface LocalServer {
  server: Server;
  redactor: Redactor;
  tools: LocalTool[];
}

const INSTRUCTIONS =
  'Marquee: a public directory of virtual-reality people, communities, worlds and events, and event contribution. ' +
  'Reads are public. Tools that publish, correct or retract change public data: call them only with the operator\'s explicit approval, ' +
  'and never retry a write reported as indeterminate or accepted without reading the current state first.';

export function createLocalServer(config: LocalConfig): LocalServer {
  const redactor = new Redactor();
  const version = packageVersion();
  const ctx: LocalContext = { config, api: new ApiClient(config, redactor, `marquee-mcp/${version}`), outputs: new OutputCheck() };
  // Remember the credential at once, so even a failure before the first request cannot show it.
  try {
    ctx.api.credential();
  } catch {
    // A token file that vanished since start is reported by the first call that needs it.
  }
  const tools = localTools(config);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  const server = new Server({ name: SERVER_NAME, title: 'Marquee', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(listing) }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      const known = TOOLS.some((t) => t.name === name && t.surface !== 'hosted') || name === posterUploadBytesTool.name;
      throw new McpError(
        ErrorCode.InvalidParams,
        known
          ? `Tool ${name} needs a credential: set MARQUEE_API_TOKEN (or MARQUEE_OAUTH_ACCESS_TOKEN, MARQUEE_BEARER_TOKEN, MARQUEE_OAUTH_TOKEN_FILE) and restart the server.`
          : `Unknown tool: ${name}`,
      );
    }
    const input = request.params.arguments ?? {};
    let result: CallToolResult;
    try {
      result = ctx.outputs.input(tool, input) ?? (tool.kind === 'local' ? await tool.run(input, ctx) : await runOperationTool(tool, input, ctx));
    } catch (err) {
      // A fault of this server, not of the API: say so without details that could hold anything secret.
      process.stderr.write(`${redactor.text(`marquee-mcp: ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)}\n`);
      result = failure(`${name} failed inside the local MCP server; nothing more is known. If it was a write, read the current state before retrying.`);
    }
    return redactor.json(result);
  });

  return { server, redactor, tools };
}
