#!/usr/bin/env node
/**
 * marquee-mcp: the local stdio MCP server (src/mcp/local/main.ts). Loads the TypeScript sources
 * through tsx, as `npm start` and `npm run cli` do (`node --import tsx`), so it always runs the
 * checkout's current code and contract. Configuration: environment variables (README, "MCP").
 */
import { register } from 'tsx/esm/api';

register();
await import('../src/mcp/local/main.ts');
