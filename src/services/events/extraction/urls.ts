/** Web addresses in the text, and the one most like the event's own page as `event.sourceUrl`. */
import type { Draft } from './evidence.js';
import { LIMIT, type Origin, ptr } from './fields.js';
import { labelled } from './labels.js';
import { BARE_WWW, cleanLine, type Line, URL_RE } from './text.js';

export function urlsOf(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(URL_RE)) {
    let url = m[0].replace(/[)>.,;:!?*_~|]+$/u, '');
    // A closing parenthesis that the URL opened stays ("…/wiki/Foo_(bar)").
    if (m[0].length > url.length && m[0][url.length] === ')' && (url.match(/\(/g) ?? []).length > (url.match(/\)/g) ?? []).length) url += ')';
    out.push(url);
  }
  return out;
}

/** Higher is more like an event page. */
function urlRank(url: string, line: string): number {
  const u = url.toLowerCase();
  if (/\.(?:png|jpe?g|gif|webp|svg|mp4|mov)(?:[?#]|$)/.test(u)) return 0;
  let rank = 2;
  if (/\/events?\b|eventbrite\.|ra\.co\/events|vrc\.tl|vrcevent|vrchat\.com\/home\/group\/[^/]+\/calendar|\bcalendar\b|ticket|partiful|lu\.ma|luma\.com|meetup\.com|peatix|connpass|twipla/.test(u)) rank = 5;
  else if (/discord\.(?:gg|com\/invite)|vrchat\.com\/home\/(?:world|launch)|vrch\.at|twitch\.tv|youtube\.com|youtu\.be|kick\.com|twitter\.com|x\.com|instagram\.com|tiktok\.com|bsky\.app|soundcloud\.com|mixcloud\.com/.test(u)) rank = 1;
  const l = labelled(cleanLine(line));
  if (l && l.kind === 'link' && /ticket|event|info|details|rsvp|page/.test(l.label) && rank < 5) rank = 4;
  return rank;
}

/** The best-ranked address, else a bare "www.example.com" (as posters print them) with its scheme supplied. */
export function readSourceUrl(draft: Draft, lines: Line[], origin: Origin) {
  let best: { url: string; rank: number; line: Line } | undefined;
  for (const line of lines) {
    for (const url of urlsOf(line.raw)) {
      if (url.length > LIMIT.sourceUrl) continue;
      const rank = urlRank(url, line.raw);
      if (rank > 0 && (!best || rank > best.rank)) best = { url, rank, line };
    }
  }
  if (best) {
    draft.event.sourceUrl = best.url;
    draft.evidence(ptr('event', 'sourceUrl'), origin, best.line.raw, 'explicit');
  } else {
    // A poster's "www.example.com": the scheme is supplied, so the value is inferred.
    const line = lines.find((l) => l.clean.match(BARE_WWW));
    const bare = line?.clean.match(BARE_WWW)?.[0].replace(/[)>.,;:!?]+$/u, '');
    if (line && bare && bare.length < LIMIT.sourceUrl - 8) {
      const [host, ...path] = bare.split('/');
      draft.event.sourceUrl = `https://${[host.toLowerCase(), ...path].join('/')}`;
      draft.evidence(ptr('event', 'sourceUrl'), origin, line.raw, 'inferred');
    }
  }
}
