import crypto from 'node:crypto';
import type { Schemas } from '../../../contract/types.js';
import { formatDate, formatInstant, validZone } from '../ui/format.js';

/**
 * What a share card shows, taken from a public read and nothing else, so that a page can name
 * its card (with a version) without loading anything, and the card route renders from the same
 * read it checked visibility with. This module is light on purpose: pages import it; the
 * renderer (satori, resvg, fonts) loads only when a card is first drawn.
 */

/** Moves on when the drawing changes, so every card URL changes with it. */
export const CARD_DESIGN_REVISION = 1;

/** The longest text a card lays out; longer text is cut (by grapheme) and ends in "…". */
const MAX_GRAPHEMES = { title: 160, line: 120, name: 100 } as const;

export const TRUST_TEXT: Record<Schemas['TrustLabel'], string> = {
  community_submitted: 'Community-submitted',
  unclaimed: 'Unclaimed',
  claimed_unverified: 'Claimed',
  claimed_verified: 'Verified',
};

export type CardModel =
  | {
      kind: 'event';
      title: string;
      when: string;
      community?: string;
      world?: string;
      cancelled: boolean;
      /** A same-origin asset path (poster, banner, thumbnail, or the community's avatar). */
      image?: string;
    }
  | {
      kind: 'profile';
      profileType: Schemas['ProfileType'];
      name: string;
      headline?: string;
      trust: string;
      image?: string;
    }
  | { kind: 'site' };

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * User text as a card may show it: format characters out (bidi overrides, embeddings, isolates
 * and marks, BOM; the joiners that hold emoji and scripts together stay), controls and line
 * breaks one space like any whitespace run, at most `max` graphemes. The result is only ever
 * laid out as text, never read as markup.
 */
export function cardText(text: string | undefined, max: number): string | undefined {
  if (!text) return undefined;
  const clean = text
    .replace(/(?![\u200C\u200D])\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  if (!clean) return undefined;
  const out: string[] = [];
  for (const { segment } of segmenter.segment(clean)) {
    if (out.length === max) return `${out.join('').trimEnd()}…`;
    out.push(segment);
  }
  return out.join('');
}

/** Root-relative paths of our own assets; absolute URLs (someone else's host) are never drawn. */
const localImage = (...urls: (string | undefined)[]) => urls.find((u) => u !== undefined && /^\/(?![/\\])/.test(u));

/** The date line in the event's own zone; a date-only event shows its date and no time. */
export function eventWhen(e: Pick<Schemas['PublicEventPreview'], 'scheduleKind' | 'startAt' | 'eventDate' | 'timezone'>): string {
  if (e.scheduleKind === 'date_only' || e.startAt === undefined) return formatDate(e.eventDate);
  const zone = validZone(e.timezone);
  return `${formatInstant(e.startAt, zone)}${zone === 'UTC' ? '' : ` · ${zone}`}`;
}

export function eventCardModel(e: Schemas['PublicEvent']): CardModel {
  return {
    kind: 'event',
    title: cardText(e.title, MAX_GRAPHEMES.title) ?? e.slug,
    when: eventWhen(e),
    community: cardText(e.communityName, MAX_GRAPHEMES.name),
    world: cardText(e.worlds?.[0]?.displayName, MAX_GRAPHEMES.name),
    cancelled: e.status === 'cancelled',
    image: localImage(e.posterImageUrl, e.bannerImageUrl, e.thumbnailImageUrl, e.communityImageUrl),
  };
}

export function profileCardModel(p: Schemas['PublicProfile']): CardModel {
  return {
    kind: 'profile',
    profileType: p.profileType,
    name: cardText(p.displayName, MAX_GRAPHEMES.name) ?? p.slug,
    headline: cardText(p.headline, MAX_GRAPHEMES.line),
    trust: TRUST_TEXT[p.trustLabel],
    image: localImage(p.avatarImageUrl),
  };
}

export const SITE_CARD_MODEL: CardModel = { kind: 'site' };

/** A short hash of what the card shows and of its design: the `v` of its URL. */
export function cardVersion(model: CardModel): string {
  return crypto.createHash('sha256').update(JSON.stringify([CARD_DESIGN_REVISION, model])).digest('base64url').slice(0, 12);
}

/** `/cards/events/{slug}.png?v=…`: the event's share card, its URL changing whenever what it shows does. */
export const eventCardPath = (e: Schemas['PublicEvent']) => `/cards/events/${encodeURIComponent(e.slug)}.png?v=${cardVersion(eventCardModel(e))}`;

/** `/cards/profiles/{slug}.png?v=…`: a person's or community's share card. */
export const profileCardPath = (p: Schemas['PublicProfile']) => `/cards/profiles/${encodeURIComponent(p.slug)}.png?v=${cardVersion(profileCardModel(p))}`;

/** The site's own card (the discovery page and any page without one of its own). */
export const SITE_CARD_PATH = `/cards/site.png?v=${cardVersion(SITE_CARD_MODEL)}`;

/** What a page puts in `PageMeta` for its card: the image and the alternative text link previews read. */
export function eventShareImage(e: Schemas['PublicEvent']): { image: string; imageAlt: string } {
  const m = eventCardModel(e) as Extract<CardModel, { kind: 'event' }>;
  const alt = [m.cancelled ? `Cancelled: ${m.title}` : m.title, m.when, m.community && `by ${m.community}`].filter(Boolean).join(' — ');
  return { image: eventCardPath(e), imageAlt: alt };
}

export function profileShareImage(p: Schemas['PublicProfile']): { image: string; imageAlt: string } {
  const m = profileCardModel(p) as Extract<CardModel, { kind: 'profile' }>;
  return { image: profileCardPath(p), imageAlt: [m.name, m.headline].filter(Boolean).join(' — ') };
}

export const SITE_SHARE_IMAGE = { image: SITE_CARD_PATH, imageAlt: 'Marquee — what’s on in VR: events, communities, people and worlds' };
