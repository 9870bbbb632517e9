#!/usr/bin/env node
/**
 * marquee-mcp: the local stdio MCP server (src/mcp/local/main.ts). Loads the TypeScript sources
 * through tsx (as `npm run dev` does), so it always runs the checkout's current code and contract,
 * built or not. Configuration: environment variables (README, "MCP").
 */
import { register } from 'tsx/esm/api';

register();
await import('../src/mcp/local/main.ts');
