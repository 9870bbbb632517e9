import { Provider } from 'oidc-provider';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import request from 'supertest';

// oidc-provider and the MCP SDK ship only ES modules; the service, the CLI and jest must all
// load them. These tests fail if the TypeScript/jest module settings regress.
describe('ES-module dependencies under jest', () => {
  test('when an oidc-provider Provider is constructed, then it serves discovery metadata for its issuer', async () => {
    const provider = new Provider('http://marquee.test', {
      clients: [{ client_id: 'smoke', token_endpoint_auth_method: 'none', redirect_uris: ['http://127.0.0.1/cb'] }],
      features: { devInteractions: { enabled: false } },
    });
    const res = await request(provider.callback()).get('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    expect(res.body.issuer).toBe('http://marquee.test');
    expect(res.body.code_challenge_methods_supported).toContain('S256');
  });

  test('when an MCP server registers a tool, then an SDK client lists and calls it', async () => {
    const server = new McpServer({ name: 'marquee-smoke', version: '0.1.0' });
    server.registerTool(
      'echo',
      { title: 'Echo', description: 'Echoes text', inputSchema: { text: z.string() } },
      async ({ text }) => ({ content: [{ type: 'text', text }], structuredContent: { text } }),
    );
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'smoke-client', version: '0.1.0' });
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toEqual(['echo']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(result.structuredContent).toEqual({ text: 'hello' });
    await client.close();
    await server.close();
  });
});
