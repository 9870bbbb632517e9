/**
 * Entry of the local stdio MCP server (`marquee-mcp`, bin/marquee-mcp.mjs): configuration from
 * the environment, JSON-RPC on standard input and output, diagnostics on standard error only
 * (never the credential).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadLocalConfig, LocalConfigError, type LocalConfig } from './config.js';
import { createLocalServer } from './server.js';

/** Room for the largest poster (12 MiB as base64 is 16 MiB) in one JSON-RPC line, with margin for an oversized one to be refused in words. */
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

let config: LocalConfig;
try {
  config = loadLocalConfig(process.env);
} catch (err) {
  if (err instanceof LocalConfigError) {
    process.stderr.write(`marquee-mcp: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

const { server, redactor, tools } = createLocalServer(config);
const log = (line: string) => process.stderr.write(`${redactor.text(line)}\n`);

process.on('uncaughtException', (err) => {
  log(`marquee-mcp: ${err.stack ?? err.message}`);
  process.exit(1);
});
process.on('unhandledRejection', (err) => {
  log(`marquee-mcp: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});

const transport = new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
transport.onerror = (err) => log(`marquee-mcp: ${err.message}`);
// The client closing standard input ends the session.
process.stdin.on('end', () => {
  void server.close().finally(() => process.exit(0));
});
await server.connect(transport);
log(
  `marquee-mcp: ${tools.length} tools for ${config.apiBaseUrl} ` +
    `(${config.credential.kind === 'none' ? 'no credential: public reads only' : 'with a credential'}; output ${config.outputMode})`,
);
