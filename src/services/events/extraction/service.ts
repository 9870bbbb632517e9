import type { ProfileRow } from '../../../repositories/profiles.js';
import type { Actor, ServiceDeps } from '../../context.js';
import { problems } from '../../errors.js';
import { slugify } from '../../directory/slugs.js';
import { mentionSpans } from '../../../lib/searchText.js';
import { isValidZone } from '../../time/engine/civil.js';
import type { DraftsService } from '../drafts.js';
import type { PostersService } from '../../posters/service.js';
import { extractEvent, mergeExtractions, type DirectoryLookup } from './extract.js';
import type { PosterTextReader } from '../../posters/ocr.js';

const named = (p: { displayName: string; aliases?: string[]; slug: string }, name: string, slug: string) =>
  p.displayName.toLowerCase() === name.toLowerCase() || p.slug === slug || (p.aliases ?? []).some((a) => a.toLowerCase() === name.toLowerCase());

/**
 * Extraction (contract 2.6, 4.2): proposes fields from source text and/or a completed poster
 * of the draft. It reads only: the draft, its version and artwork stay as they are.
 */
export class ExtractionService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly drafts: DraftsService,
    private readonly posters: PostersService,
    private readonly reader: () => PosterTextReader,
  ) {}

  readonly lookup: DirectoryLookup = {
    communities: async (name) => this.match('community', name),
    people: async (name) => this.match('person', name),
    worlds: async (name) => {
      const slug = slugify(name);
      return (await this.deps.repos.worlds.named(name, slug)).filter((w) => named(w, name, slug)).map((w) => ({ slug: w.slug, displayName: w.displayName }));
    },
    mentions: async (text, known) => {
      const spans = known ?? mentionSpans(text);
      const found = await this.deps.repos.search.named([...spans.keys()]);
      return found.map((f) => ({ kind: f.kind, slug: f.slug, displayName: f.displayName, text: spans.get(f.nameKey)!.text, capitalised: spans.get(f.nameKey)!.capitalised }));
    },
  };

  private async match(type: 'person' | 'community', name: string) {
    const slug = slugify(name);
    const rows: ProfileRow[] = await this.deps.repos.profiles.named(type, name, slug);
    return rows.filter((p) => named(p, name, slug)).map((p) => ({ slug: p.slug, displayName: p.displayName }));
  }

  async extract(actor: Actor, draftId: string, input: { sourceText?: string; posterAssetId?: string }) {
    const draft = await this.drafts.own(actor, draftId);
    const sourceText = input.sourceText ?? (typeof draft.fields.sourceText === 'string' ? draft.fields.sourceText : undefined);
    const posterId = input.posterAssetId ?? (typeof draft.fields.posterSourceId === 'string' ? draft.fields.posterSourceId : undefined);
    if (!sourceText?.trim() && !posterId) {
      throw problems.validation([{ pointer: '/sourceText', message: 'give sourceText or posterAssetId (or save them on the draft first)' }]);
    }
    // The zone of the wall times: the draft's, else its community's, else UTC.
    let timeZone = typeof draft.fields.timezone === 'string' && isValidZone(draft.fields.timezone) ? draft.fields.timezone : undefined;
    if (!timeZone && typeof draft.fields.communitySlug === 'string') {
      const community = await this.deps.repos.profiles.findBySlug(draft.fields.communitySlug);
      if (community?.timezone && isValidZone(community.timezone)) timeZone = community.timezone;
    }
    const common = { timeZone: timeZone ?? 'UTC', referenceInstant: this.deps.clock.now(), lookup: this.lookup };
    const fromText = sourceText?.trim() ? await extractEvent({ ...common, text: sourceText, origin: 'text' }) : undefined;
    let fromPoster;
    if (posterId) {
      const bytes = await this.posters.completedPosterBytes(actor, draftId, posterId);
      const read = await this.reader().read(bytes);
      const layout = read.lines ? { lines: read.lines } : undefined;
      fromPoster = await extractEvent({ ...common, text: read.text.slice(0, 12000), origin: 'poster', layout });
    }
    if (fromText && fromPoster) return mergeExtractions(fromText, fromPoster);
    return (fromText ?? fromPoster)!;
  }
}
