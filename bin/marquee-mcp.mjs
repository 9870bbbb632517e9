#!/usr/bin/env node
/**
 * marquee-mcp: the local stdio MCP server (src/mcp/local/main.ts). Loads the TypeScript sources
 * through tsx (as `npm run dev` does), so it always runs the checkout's current code and contract,
 * built or not, on Node.js 24 (./node24.mjs: the project's own runtime when `node` is older).
 * Configuration: environment variables (README, "MCP").
 */
import './node24.mjs';

const { register } = await import('tsx/esm/api');
register();
await import('../src/mcp/local/main.ts');
