import { eventPagePath, pagePathOf, profilePagePath, worldPagePath } from '../../src/lib/pagePaths.js';
import { ApiClient } from '../../src/mcp/local/api.js';
import { loadLocalConfig } from '../../src/mcp/local/config.js';
import { Redactor } from '../../src/mcp/local/redact.js';

describe('public page paths', () => {
  test('when a profile is a person or a community, then its page is under /people or /communities', () => {
    expect(profilePagePath('ada', 'person')).toBe('/people/ada');
    expect(profilePagePath('crew', 'community')).toBe('/communities/crew');
    expect(pagePathOf('profile', { slug: 'ada', profileType: 'person' })).toBe('/people/ada');
    expect(pagePathOf('profile', { slug: 'crew', profileType: 'community' })).toBe('/communities/crew');
  });

  test('when an event or a world is named, then its page is /events/{slug} or /worlds/{slug}, the slug one encoded segment', () => {
    expect(eventPagePath('neon-night')).toBe('/events/neon-night');
    expect(pagePathOf('event', { slug: 'neon-night' })).toBe('/events/neon-night');
    expect(worldPagePath('prism hall/2')).toBe('/worlds/prism%20hall%2F2');
  });

  test('when the local server talks to an API under a path prefix, then a page URL keeps the prefix and drops /api/v0', () => {
    const api = (base: string) => new ApiClient(loadLocalConfig({ MARQUEE_API_BASE_URL: base }), new Redactor(), 'test');
    expect(api('https://marquee.example/api/v0').pageUrlOf('/events/neon')).toBe('https://marquee.example/events/neon');
    expect(api('https://host.example/marquee').pageUrlOf('/people/ada')).toBe('https://host.example/marquee/people/ada');
  });
});
