import type { ServiceDeps } from '../context.js';
import { eventPagePath, profilePagePath, worldPagePath } from '../../lib/pagePaths.js';
import { isPublicProfile } from './publicReads.js';

/** One public page: its path and, where one entity is shown, when that entity last changed. */
export interface PublicPageEntry {
  path: string;
  updatedAt?: number;
}

/**
 * The public pages there are (the sitemap's content), by the same rules as the public reads:
 * the start page, every public person and community (`isPublicProfile`: no draft, opted-out,
 * suppressed or archived profile), every published world and every event that is not
 * retracted (what `PublicEventsService.live` finds; cancelled events keep their page).
 */
export class PublicPageIndexService {
  constructor(private readonly deps: ServiceDeps) {}

  async entries(): Promise<PublicPageEntry[]> {
    const { repos } = this.deps;
    const [profiles, worlds, events] = await Promise.all([repos.profiles.publicPageRows(), repos.worlds.publishedPageRows(), repos.events.pageRows()]);
    return [
      { path: '/' },
      ...profiles.filter((p) => isPublicProfile(p)).map((p) => ({ path: profilePagePath(p.slug, p.profileType), updatedAt: p.updatedAt })),
      ...worlds.filter((w) => w.visibilityStatus === 'published').map((w) => ({ path: worldPagePath(w.slug), updatedAt: w.updatedAt })),
      ...events.filter((e) => e.retractedAt === null).map((e) => ({ path: eventPagePath(e.slug), updatedAt: e.updatedAt })),
    ];
  }
}
