/**
 * The hosted compatibility aliases `search` and `fetch` (contract 4.12, 9.6; decisions §7): the
 * shape common assistant connectors expect from search/fetch tools, over the same anonymous
 * public reads as `service_search` and `service_get_*`.
 *
 * These shapes are fixed by that convention, not by a REST operation, so their schemas are
 * declared here. A document id is `<kind>:<slug>` (`profile:`, `event:` or `world:`); its `url`
 * is the entity's public page (`/people/`, `/communities/`, `/events/` or `/worlds/`, from
 * src/lib/pagePaths.ts), where a person opening the link lands.
 */
import type { Schemas } from '../../contract/types.js';
import { problems } from '../../services/errors.js';
import type { HostedToolContext, JsonSchema, ToolAnnotations } from '../tool.js';
import { objectSchema, parameterSchema } from '../schemas.js';
import { defineTool } from './define.js';
import { eventPagePath, profilePagePath, worldPagePath } from '../../lib/pagePaths.js';

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true };
const SEARCH_LIMIT = 20;
const DOCUMENT_KINDS = ['profile', 'event', 'world'] as const;
type DocumentKind = (typeof DOCUMENT_KINDS)[number];
const DOCUMENT_ID = /^(profile|event|world):([^\s:]{1,160})$/;

/** The public page of a document; a profile's depends on its type. */
const urlOf = (baseUrl: string, kind: DocumentKind, slug: string, profileType?: 'person' | 'community') =>
  `${baseUrl}${kind === 'event' ? eventPagePath(slug) : kind === 'world' ? worldPagePath(slug) : profilePagePath(slug, profileType ?? 'community')}`;

const idSchema: JsonSchema = {
  type: 'string',
  pattern: DOCUMENT_ID.source,
  description: 'A document id from `search`: `profile:<slug>`, `event:<slug>` or `world:<slug>`.',
};
const urlSchema: JsonSchema = { type: 'string', format: 'uri', description: "The entity's public page on this deployment." };

export const search = defineTool<{ query: string }>({
  kind: 'service',
  name: 'search',
  title: 'Search',
  description:
    'Searches the public Marquee directory (profiles, worlds, upcoming and live events) and returns matching ' +
    'documents with their ids, titles and URLs. Read a whole document with `fetch`.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'hosted',
  inputSchema: objectSchema(
    { query: { ...parameterSchema('searchPublicCatalog', 'q'), description: 'Search text; a blank query returns no results.' } },
    ['query'],
  ),
  outputSchema: objectSchema(
    {
      results: {
        type: 'array',
        items: objectSchema({ id: idSchema, title: { type: 'string' }, url: urlSchema }, ['id', 'title', 'url']),
      },
    },
    ['results'],
  ),
  call: async ({ services, baseUrl }: HostedToolContext, input) => {
    if (input.query.trim() === '') return { results: [] };
    const found = await services.search.search({ q: input.query, type: 'all', limit: SEARCH_LIMIT });
    return {
      results: found.results.map((hit) => ({ id: `${hit.entityType}:${hit.slug}`, title: hit.title, url: urlOf(baseUrl, hit.entityType, hit.slug, hit.profileType) })),
    };
  },
  summarize: (output) => `${(output.results as unknown[]).length} documents.`,
});

export const fetch = defineTool<{ id: string }>({
  kind: 'service',
  name: 'fetch',
  title: 'Fetch a document',
  description:
    'Reads one public profile, event or world by the id `search` returned, as a document: its title, a plain-text ' +
    'rendering, its URL and metadata.',
  annotations: READ_ONLY,
  authority: { anonymous: true },
  surface: 'hosted',
  inputSchema: objectSchema({ id: idSchema }, ['id']),
  outputSchema: objectSchema(
    {
      id: idSchema,
      title: { type: 'string' },
      text: { type: 'string', description: 'The document as plain text.' },
      url: urlSchema,
      metadata: {
        type: 'object',
        description: 'Facts about the document: always `type` and `slug`; events add `status`, `eventDate` and times.',
        required: ['type', 'slug'],
        properties: { type: { enum: [...DOCUMENT_KINDS] }, slug: { type: 'string' } },
        additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
      },
    },
    ['id', 'title', 'text', 'url', 'metadata'],
  ),
  call: async ({ services, baseUrl }: HostedToolContext, input) => {
    const match = DOCUMENT_ID.exec(input.id);
    if (!match) throw problems.notFound('No public document has that id.');
    const kind = match[1] as DocumentKind;
    const slug = match[2]!;
    if (kind === 'profile') {
      const profile = await services.publicDirectory.profile(slug);
      const url = urlOf(baseUrl, kind, profile.slug, profile.profileType);
      return { id: input.id, title: profile.displayName, text: profileText(profile), url, metadata: { type: kind, slug: profile.slug, profileType: profile.profileType, trustLabel: profile.trustLabel, updatedAt: profile.updatedAt } };
    }
    if (kind === 'event') {
      const event = await services.publicEvents.event(slug);
      return {
        id: input.id,
        title: event.title,
        text: eventText(event),
        url: urlOf(baseUrl, kind, event.slug),
        metadata: {
          type: kind,
          slug: event.slug,
          status: event.status,
          eventDate: event.eventDate,
          ...(event.startAt !== undefined ? { startAt: new Date(event.startAt).toISOString() } : {}),
          ...(event.endAt !== undefined ? { endAt: new Date(event.endAt).toISOString() } : {}),
          ...(event.timezone ? { timezone: event.timezone } : {}),
          ...(event.communitySlug ? { communitySlug: event.communitySlug } : {}),
        },
      };
    }
    const world = await services.publicDirectory.world(slug);
    return { id: input.id, title: world.displayName, text: worldText(world), url: urlOf(baseUrl, kind, world.slug), metadata: { type: kind, slug: world.slug } };
  },
  summarize: (output) => String(output.title),
});

const lines = (...parts: (string | undefined | false)[]) => parts.filter((p): p is string => !!p).join('\n');
const list = (label: string, items: string[] | undefined) => (items?.length ? `${label}: ${items.join(', ')}` : undefined);

function profileText(p: Schemas['PublicProfile']): string {
  return lines(
    `${p.displayName} (${p.profileType === 'person' ? 'person' : 'community'})`,
    p.headline,
    list('Also known as', p.aliases),
    list('Tags', p.tags),
    p.region && `Region: ${p.region}`,
    p.timezone && `Time zone: ${p.timezone}`,
    p.bio,
    list('Links', p.outboundLinks?.map((link) => `${link.label} <${link.url}>`)),
  );
}

function eventText(e: Schemas['PublicEvent']): string {
  const when =
    e.startAt !== undefined
      ? `When: ${new Date(e.startAt).toISOString()}${e.endAt !== undefined ? ` to ${new Date(e.endAt).toISOString()}` : ''}${e.timezone ? ` (${e.timezone})` : ''}`
      : `Date: ${e.eventDate} (date only)`;
  return lines(
    e.title,
    when,
    `Status: ${e.status}`,
    e.communityName && `Community: ${e.communityName}${e.communitySlug ? ` (${e.communitySlug})` : ''}`,
    list('Worlds', e.worlds?.map((w) => w.displayName)),
    e.summary,
    list('Lineup', e.participants?.map((p) => p.displayName)),
  );
}

function worldText(w: Schemas['PublicWorld']): string {
  return lines(w.displayName, w.summary, list('Tags', w.tags), w.description, list('Links', w.outboundLinks.map((link) => `${link.label} <${link.url}>`)));
}
