/**
 * Helpers for tests of the hosted MCP endpoint: OAuth apps and tokens minted through the real
 * issuer, the MCP SDK's own client over Streamable HTTP, raw JSON-RPC posts in both protocol
 * eras, and the check of a tool's `structuredContent` against its advertised output schema.
 */
import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAjv } from '../../src/contract/ajv.js';
import { componentSchema } from '../../src/mcp/schemas.js';
import { makeUser } from './factories.js';
import { insecure, type ServedTestApp } from './oauthServer.js';

export const PASSWORD = 'correct horse battery staple';
export const REDIRECT = 'https://client.example.test/callback';
export const MODERN = '2026-07-28';

const mcpResource = (s: ServedTestApp) => `${s.base}/mcp`;

/** A confidential OAuth app of a fresh user, allowed `scopes` and every grant. */
export async function confidentialApp(s: ServedTestApp, scopes: string[]) {
  const owner = await makeUser(s.t.services, { verified: true });
  const created = await s.t.services.oauthApps.create(
    owner.id,
    {
      displayName: `App ${crypto.randomBytes(3).toString('hex')}`,
      clientType: 'confidential',
      redirectUris: [REDIRECT],
      allowedGrants: ['authorization_code', 'refresh_token', 'client_credentials'],
      allowedScopes: scopes as never,
    },
    'web_session',
  );
  return { owner, client: { client_id: created.application.clientId } as oauth.Client, auth: oauth.ClientSecretBasic(created.clientSecretValue!) };
}
export type ConfidentialApp = Awaited<ReturnType<typeof confidentialApp>>;

/** A client-credentials access token (no user authority) for `scope`; MCP scopes select the MCP resource. */
export async function clientCredentialsToken(s: ServedTestApp, app: ConfidentialApp, scope: string): Promise<string> {
  const res = await oauth.clientCredentialsGrantRequest(s.as, app.client, app.auth, new URLSearchParams({ scope }), insecure);
  return (await oauth.processClientCredentialsResponse(s.as, app.client, res)).access_token;
}

/** RFC 7009 revocation of an access token by the client that holds it. */
export async function revokeToken(s: ServedTestApp, app: ConfidentialApp, token: string): Promise<void> {
  const res = await oauth.revocationRequest(s.as, app.client, app.auth, token, insecure);
  await oauth.processRevocationResponse(res);
}

/** The MCP SDK's own client, connected over Streamable HTTP (the legacy `initialize` handshake). */
export async function connectClient(s: ServedTestApp, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(mcpResource(s)), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {});
  const client = new Client({ name: 'marquee-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

let ids = 0;

/** A raw JSON-RPC POST to /mcp; `modern` adds the 2026-07-28 per-request `_meta` and headers. */
export async function postMcp(
  s: ServedTestApp,
  method: string,
  params: Record<string, unknown> = {},
  opts: { modern?: boolean; token?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const modern = opts.modern ?? true;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(modern ? { 'mcp-protocol-version': MODERN, 'mcp-method': method } : {}),
    ...(modern && method === 'tools/call' && typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...opts.headers,
  };
  const meta = modern ? { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } : {};
  const body = opts.body ?? JSON.stringify({ jsonrpc: '2.0', id: ++ids, method, params: { ...params, ...meta } });
  return fetch(`${s.base}/mcp`, { method: 'POST', headers, body });
}

/** The JSON-RPC message of a response, whether sent as JSON or as one SSE event. */
export async function jsonRpcOf(res: Response): Promise<Record<string, any>> {
  const text = await res.text();
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const data = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
    return JSON.parse(data[data.length - 1]!);
  }
  return JSON.parse(text);
}

const ajv = createAjv();

/** Checks `structuredContent` against the tool's advertised output schema (JSON Schema 2020-12). */
export function expectMatchesOutputSchema(outputSchema: unknown, structuredContent: unknown): void {
  const validate = ajv.compile(outputSchema as object);
  const ok = validate(structuredContent);
  if (!ok) throw new Error(`structuredContent breaks the output schema: ${ajv.errorsText(validate.errors)}`);
}

const problemSchema = componentSchema('Problem');

/**
 * An HTTP refusal of `/mcp` that the endpoint answers as on `/api/v0` (401, 403, 429): an
 * `application/problem+json` body valid against the contract's `Problem` schema, with this status.
 */
export async function expectContractProblem(res: Response, status: number): Promise<Record<string, unknown>> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await res.clone().json()) as Record<string, unknown>;
  const validate = ajv.compile(problemSchema);
  if (!validate(body)) throw new Error(`the problem body breaks the contract's Problem schema: ${ajv.errorsText(validate.errors)}`);
  expect(body.status).toBe(status);
  return body;
}
