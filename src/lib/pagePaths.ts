/**
 * The public pages' paths (decisions §3, §7): the one place that knows where a profile, event
 * or world is shown. Pages link with them, MCP answers `url`/`canonicalUrl` with them and the
 * calendars' `URL` names them. API paths (`eventPath`, `routePath`) stay API paths.
 */
export type PageProfileType = 'person' | 'community';

const segment = (slug: string) => encodeURIComponent(slug);

export const eventPagePath = (slug: string) => `/events/${segment(slug)}`;
export const worldPagePath = (slug: string) => `/worlds/${segment(slug)}`;
/** A person's page is under `/people`, a community's under `/communities`. */
export const profilePagePath = (slug: string, profileType: PageProfileType) => `/${profileType === 'person' ? 'people' : 'communities'}/${segment(slug)}`;

/** The page of an object a public read answered (an event, a profile with its `profileType`, a world). */
export function pagePathOf(kind: 'event' | 'profile' | 'world', object: { slug: string; profileType?: string }): string {
  if (kind === 'event') return eventPagePath(object.slug);
  if (kind === 'world') return worldPagePath(object.slug);
  return profilePagePath(object.slug, object.profileType === 'person' ? 'person' : 'community');
}
