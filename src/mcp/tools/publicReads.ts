/**
 * The six anonymous read tools (decisions §7; names, inputs and limits from the MCP tools
 * digest), each over one public read of the contract. Limits above a tool's maximum are clamped,
 * not refused, so the input schemas keep the contract's minimum and drop its maximum.
 */
type ProfileType = 'person' | 'community';
import type { JsonSchema, ToolAnnotations } from '../tool.js';
import { componentSchema, objectSchema, parameterSchema, responseSchema } from '../schemas.js';
import { defineTool } from './define.js';

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true };

/** A list limit of the contract, clamped to `max` with its own default (the digest's). */
function clampedLimit(schema: JsonSchema, max: number, fallback: number): JsonSchema {
  const { maximum: _maximum, default: _default, description: _description, ...rest } = schema;
  return { ...rest, default: fallback, description: `How many to return, 1 to ${max} (default ${fallback}); larger values are clamped to ${max}.` };
}
const clamp = (value: number | undefined, max: number, fallback: number) => Math.min(value ?? fallback, max);

const slugInput = (operationId: Parameters<typeof parameterSchema>[0]) =>
  ({ ...parameterSchema(operationId, 'slug'), description: 'The slug, as in a search result or a public path.' }) as JsonSchema;

const SEARCH_QUERY_MAX = 160;

export const serviceSearch = defineTool<{ query: string; type?: string; limit?: number; cursor?: string }>({
  kind: 'operation',
  name: 'service_search',
  title: 'Search the public directory',
  description:
    'Searches the public Marquee directory: person and community profiles, worlds and upcoming or live events. ' +
    'Every word must match; the last word matches as a prefix. Results are ordered by relevance and name each ' +
    "entity's type, slug and public read path (routePath). Read one with service_get_profile, service_get_event or service_get_world.",
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'both',
  inputSchema: objectSchema(
    {
      query: {
        ...parameterSchema('searchPublicCatalog', 'q'),
        maxLength: SEARCH_QUERY_MAX,
        description: 'Search text (trimmed, at most 160 characters). A blank query returns no results.',
      },
      type: parameterSchema('searchPublicCatalog', 'type'),
      limit: clampedLimit(parameterSchema('searchPublicCatalog', 'limit'), 50, 24),
      cursor: parameterSchema('searchPublicCatalog', 'cursor'),
    },
    ['query'],
  ),
  outputSchema: responseSchema('searchPublicCatalog'),
  operationId: 'searchPublicCatalog',
  answerWithoutCall: (input) =>
    input.query.trim() === '' ? { query: '', type: input.type ?? 'all', results: [], nextCursor: null } : undefined,
  request: (input) => ({
    query: { q: input.query.trim(), type: input.type, limit: clamp(input.limit, 50, 24), cursor: input.cursor },
  }),
  summarize: (output) => {
    const results = (output.results as unknown[] | undefined) ?? [];
    return `${results.length} result${results.length === 1 ? '' : 's'} for "${String(output.query)}".`;
  },
});

const PROFILE_OPERATIONS = {
  person: 'getPublicPersonProfileBySlug',
  community: 'getPublicCommunityProfileBySlug',
} as const;

export const serviceGetProfile = defineTool<{ slug: string; profileType?: ProfileType }>({
  kind: 'operation',
  name: 'service_get_profile',
  title: 'Read a public profile',
  description:
    'Reads one public person or community profile by slug: names, headline, bio, tags, links and, for communities, ' +
    'their details. Give profileType to accept only a person or only a community.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'both',
  inputSchema: objectSchema(
    {
      slug: slugInput('getPublicProfileBySlug'),
      profileType: { ...componentSchema('ProfileType'), description: 'Accept only this kind of profile (optional).' },
    },
    ['slug'],
  ),
  outputSchema: responseSchema('getPublicProfileBySlug'),
  operationId: 'getPublicProfileBySlug',
  request: (input) => ({
    params: { slug: input.slug },
    ...(input.profileType ? { operationId: PROFILE_OPERATIONS[input.profileType] } : {}),
  }),
  notFound: 'No public profile was found for that slug.',
  summarize: (output) => `${String(output.displayName)} (${String(output.profileType)} profile ${String(output.slug)}).`,
});

export const serviceGetEvent = defineTool<{ slug: string }>({
  kind: 'operation',
  name: 'service_get_event',
  title: 'Read a public event',
  description:
    'Reads one public event by slug: title, schedule (startAt/endAt in epoch milliseconds, or eventDate for a ' +
    'date-only event), status, community, world, lineup, links and watch information. Cancelled and ended events stay readable.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'both',
  inputSchema: objectSchema({ slug: slugInput('getPublicEventBySlug') }, ['slug']),
  outputSchema: responseSchema('getPublicEventBySlug'),
  operationId: 'getPublicEventBySlug',
  request: (input) => ({ params: { slug: input.slug } }),
  notFound: 'No public event was found for that slug.',
  summarize: (output) => `${String(output.title)} (${String(output.status)}, ${String(output.eventDate)}).`,
});

export const serviceListUpcomingEvents = defineTool<{ limit?: number; cursor?: string }>({
  kind: 'operation',
  name: 'service_list_upcoming_events',
  title: 'List upcoming public events',
  description: 'Lists public events that are live now or coming up, soonest first.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'both',
  inputSchema: objectSchema(
    {
      limit: clampedLimit(parameterSchema('listPublicUpcomingEvents', 'limit'), 24, 8),
      cursor: parameterSchema('listPublicUpcomingEvents', 'cursor'),
    },
    [],
  ),
  outputSchema: responseSchema('listPublicUpcomingEvents'),
  operationId: 'listPublicUpcomingEvents',
  request: (input) => ({ query: { limit: clamp(input.limit, 24, 8), cursor: input.cursor } }),
  summarize: (output) => {
    const events = (output.events as unknown[] | undefined) ?? [];
    return `${events.length} upcoming event${events.length === 1 ? '' : 's'}.`;
  },
});

export const serviceGetWorld = defineTool<{ slug: string }>({
  kind: 'operation',
  name: 'service_get_world',
  title: 'Read a public world',
  description: 'Reads one published world by slug: name, description, tags, media, links and its recent and upcoming events.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'both',
  inputSchema: objectSchema({ slug: slugInput('getPublicWorldBySlug') }, ['slug']),
  outputSchema: responseSchema('getPublicWorldBySlug'),
  operationId: 'getPublicWorldBySlug',
  request: (input) => ({ params: { slug: input.slug } }),
  notFound: 'No public world was found for that slug.',
  summarize: (output) => `${String(output.displayName)} (world ${String(output.slug)}).`,
});

export const serviceListActiveWorlds = defineTool<{ limit?: number; cursor?: string }>({
  kind: 'operation',
  name: 'service_list_active_worlds',
  title: 'List worlds hosting upcoming events',
  description: 'Lists published worlds that host upcoming public events, each with its next event.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'both',
  inputSchema: objectSchema(
    {
      limit: clampedLimit(parameterSchema('listPublicActiveWorlds', 'limit'), 6, 3),
      cursor: parameterSchema('listPublicActiveWorlds', 'cursor'),
    },
    [],
  ),
  outputSchema: responseSchema('listPublicActiveWorlds'),
  operationId: 'listPublicActiveWorlds',
  request: (input) => ({ query: { limit: clamp(input.limit, 6, 3), cursor: input.cursor } }),
  summarize: (output) => {
    const worlds = (output.worlds as unknown[] | undefined) ?? [];
    return `${worlds.length} active world${worlds.length === 1 ? '' : 's'}.`;
  },
});

/** The six anonymous read tools, hosted and local. */
export const PUBLIC_READ_TOOLS = [
  serviceSearch,
  serviceGetProfile,
  serviceGetEvent,
  serviceListUpcomingEvents,
  serviceGetWorld,
  serviceListActiveWorlds,
];
