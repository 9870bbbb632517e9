/**
 * Every MCP tool of Marquee, hosted and local. Each entry says where it runs (`surface`); the
 * hosted endpoint lists those marked `hosted` or `both`, the stdio server those marked `local` or
 * `both`. Add a tool by importing it and listing it here.
 */
import type { ToolDefinition } from '../tool.js';
import { PUBLIC_READ_TOOLS } from './publicReads.js';
import { fetch, search } from './searchFetch.js';
import { INTAKE_TOOLS } from './intake.js';
import { OWNER_TOOLS } from './owner.js';
import { MEDIA_TOOLS } from './media.js';

export const TOOLS: ToolDefinition[] = [
  // The six anonymous public reads (decisions §7).
  ...PUBLIC_READ_TOOLS,
  // Hosted compatibility aliases (contract 4.12).
  search,
  fetch,
  // Event intake tools (contract 4.12).
  ...INTAKE_TOOLS,
  // Owner tools (contract 4.12).
  ...OWNER_TOOLS,
  // Media tools (contract 4.12).
  ...MEDIA_TOOLS,
  // Local-only tools.
];
