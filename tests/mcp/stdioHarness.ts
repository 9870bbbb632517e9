import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../src/contract/ajv.js';

/**
 * The local stdio server as an MCP client meets it: the package's `marquee-mcp` bin started as a
 * real child process by the SDK's own StdioClientTransport, configured only through its
 * environment, with its standard error kept for inspection. Every successful
 * `structuredContent` is checked against the tool's advertised output schema with the project's
 * Ajv (2020-12 and formats), beside the SDK client's own check.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = path.join(ROOT, 'bin', 'marquee-mcp.mjs');

export interface StdioSession {
  client: Client;
  tools: Tool[];
  /** Everything the server wrote to standard error so far. */
  stderr(): string;
  /** Calls a tool; a success's `structuredContent` must satisfy the tool's output schema. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool that must succeed; returns its `structuredContent`. */
  ok<T = Record<string, any>>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** Calls a tool that must fail; returns its one text item. */
  fails(name: string, args?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const ajv = createAjv();

export async function startStdio(env: Record<string, string | undefined>): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    // Only what a client configuration would set, beside the SDK's safe defaults (PATH, HOME…).
    env: { ...getDefaultEnvironment(), ...(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>) },
    stderr: 'pipe',
    cwd: ROOT,
  });
  let err = '';
  transport.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const client = new Client({ name: 'marquee-stdio-tests', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (name: string) => {
    let fn = validators.get(name);
    if (!fn) {
      const tool = tools.find((t) => t.name === name);
      if (!tool?.outputSchema) throw new Error(`${name} is not listed with an output schema`);
      fn = ajv.compile(tool.outputSchema);
      validators.set(name, fn);
    }
    return fn;
  };
  const text = (result: CallToolResult) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

  const session: StdioSession = {
    client,
    tools,
    stderr: () => err,
    async call(name, args = {}) {
      const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as CallToolResult;
      if (!result.isError) {
        const fn = validatorOf(name);
        if (!fn(result.structuredContent)) throw new Error(`${name} output does not match its schema: ${ajv.errorsText(fn.errors)}`);
      } else {
        expect(result.structuredContent).toBeUndefined();
      }
      return result;
    },
    async ok(name, args) {
      const result = await session.call(name, args);
      if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
      expect(JSON.parse(text(result))).toEqual(result.structuredContent);
      return result.structuredContent as never;
    },
    async fails(name, args) {
      const result = await session.call(name, args);
      if (!result.isError) throw new Error(`${name} succeeded: ${text(result)}`);
      return text(result);
    },
    async close() {
      await client.close();
    },
  };
  return session;
}
