import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createAjv } from '../../src/contract/ajv.js';
import { makeUser } from '../helpers/factories.js';
import { consentInBrowser, insecure, type ServedTestApp } from '../helpers/oauthServer.js';

/**
 * What the write-tool tests share: MCP-resource OAuth tokens minted the way a real client gets
 * them (a developer app, code + PKCE, the user's consent in a signed-in browser, `resource`
 * = this deployment's `/mcp`), the SDK's own client over Streamable HTTP, and a check of every
 * `structuredContent` against the tool's advertised output schema.
 */
const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example.test/callback';
const ALL_SCOPES = ['mcp:read', 'mcp:write', 'public:read', 'events:contribute', 'events:write', 'profile:read', 'profile:write', 'profile:contribute', 'assets:write', 'assets:contribute'];

export type User = Awaited<ReturnType<typeof makeUser>>;

/** A user-delegated MCP-resource access token of `user` carrying exactly `scope` (space-separated). */
export async function mcpToken(s: ServedTestApp, user: User, scope: string, resource = `${s.base}/mcp`): Promise<string> {
  const created = await s.t.services.oauthApps.create(
    user.id,
    { displayName: `Agent ${crypto.randomBytes(3).toString('hex')}`, clientType: 'public', redirectUris: [REDIRECT], allowedScopes: ALL_SCOPES as never },
    'web_session',
  );
  const client: oauth.Client = { client_id: created.application.clientId };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(s.as.authorization_endpoint!);
  for (const [k, v] of Object.entries({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', scope, resource })) {
    url.searchParams.set(k, v);
  }
  const { redirectedTo } = await consentInBrowser(s, url.href, { email: user.email, password: PASSWORD });
  const params = oauth.validateAuthResponse(s.as, client, redirectedTo, state);
  const res = await oauth.authorizationCodeGrantRequest(s.as, client, oauth.None(), params, REDIRECT, verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(s.as, client, res);
  return tokens.access_token;
}

/** A new user and an MCP token of theirs with `scope`. */
export async function mcpUser(s: ServedTestApp, scope: string) {
  const user = await makeUser(s.t.services, { verified: true });
  return { user, token: await mcpToken(s, user, scope) };
}

/** The SDK's client connected to `/mcp` with this bearer (none: anonymous). */
export async function connect(s: ServedTestApp, token?: string): Promise<Client> {
  const client = new Client({ name: 'marquee-write-tool-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${s.base}/mcp`), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {});
  await client.connect(transport);
  return client;
}

/**
 * Calls tools and checks each successful `structuredContent` against the tool's advertised
 * output schema with the project's Ajv (2020-12 and formats), beside the SDK's own check.
 */
export class ToolCaller {
  private tools = new Map<string, Tool>();
  private readonly ajv = createAjv();
  readonly calls: { name: string; result: CallToolResult }[] = [];

  constructor(readonly client: Client) {}

  async listed(): Promise<Tool[]> {
    const { tools } = await this.client.listTools();
    this.tools = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  /** The result of a call, whatever it is; a success's structured content is checked against the output schema. */
  async call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    if (!this.tools.size) await this.listed();
    const result = (await this.client.callTool({ name, arguments: args })) as CallToolResult;
    this.calls.push({ name, result });
    if (!result.isError) {
      const tool = this.tools.get(name);
      if (!tool?.outputSchema) throw new Error(`${name} advertises no output schema`);
      const validate = this.ajv.compile(tool.outputSchema);
      if (!validate(result.structuredContent)) throw new Error(`${name} answered outside its output schema: ${JSON.stringify(validate.errors)}`);
      expectTextItem(result);
    }
    return result;
  }

  /** The structured content of a call that must succeed. */
  async ok<T = Record<string, any>>(name: string, args: Record<string, unknown>): Promise<T> {
    const result = await this.call(name, args);
    if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
    return result.structuredContent as T;
  }

  /** A call that must fail: its text. */
  async fails(name: string, args: Record<string, unknown>): Promise<{ text: string; result: CallToolResult }> {
    const result = await this.call(name, args);
    if (!result.isError) throw new Error(`${name} unexpectedly succeeded: ${JSON.stringify(result.structuredContent)}`);
    return { text: textOf(result), result };
  }
}

export const textOf = (result: CallToolResult) =>
  (result.content ?? [])
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

function expectTextItem(result: CallToolResult) {
  if (!textOf(result).trim()) throw new Error('a successful result carries a text item');
}

export const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Sends bytes to a poster transfer as a client would: multipart fields in order, then the file; no bearer. */
export async function uploadToTransfer(transfer: { url: string; fields: Record<string, string>; fileField: string }, bytes: Buffer, contentType: string): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(transfer.fields)) form.append(k, v);
  form.append(transfer.fileField, new Blob([new Uint8Array(bytes)], { type: contentType }), 'poster.png');
  return fetch(transfer.url, { method: 'POST', body: form, redirect: 'manual' });
}
