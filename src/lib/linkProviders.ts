import net from 'node:net';

/**
 * The one table of outbound-link providers (contract 4.6 rule 4): which hosts a branded link
 * type may point at. `website`, `other`, `commissions`, `generic_store` and `woocommerce`
 * (self-hosted shops) accept any public HTTPS host. Hosts match exactly or as a subdomain
 * (`artist.bandcamp.com` matches `bandcamp.com`).
 */
export const PROVIDER_HOSTS = {
  vrchat_profile: ['vrchat.com'],
  vrcdn: ['vrcdn.live', 'vrcdn.video', 'vrcdn.cloud'],
  discord: ['discord.gg', 'discord.com', 'discordapp.com'],
  soundcloud: ['soundcloud.com', 'on.soundcloud.com'],
  mixcloud: ['mixcloud.com'],
  twitch: ['twitch.tv'],
  youtube: ['youtube.com', 'youtu.be'],
  spotify: ['spotify.com', 'spotify.link'],
  bandcamp: ['bandcamp.com'],
  instagram: ['instagram.com'],
  linktree: ['linktr.ee'],
  gumroad: ['gumroad.com'],
  jinxxy: ['jinxxy.com', 'jinxxy.app'],
  payhip: ['payhip.com'],
  kofi: ['ko-fi.com'],
  patreon: ['patreon.com'],
} as const satisfies Record<string, readonly string[]>;

export type BrandedLinkType = keyof typeof PROVIDER_HOSTS;

/** How a branded link is labelled when its writer gives no label (`labelMode: automatic`). */
export const PROVIDER_LABELS: Record<BrandedLinkType, string> = {
  vrchat_profile: 'VRChat',
  vrcdn: 'VRCDN',
  discord: 'Discord',
  soundcloud: 'SoundCloud',
  mixcloud: 'Mixcloud',
  twitch: 'Twitch',
  youtube: 'YouTube',
  spotify: 'Spotify',
  bandcamp: 'Bandcamp',
  instagram: 'Instagram',
  linktree: 'Linktree',
  gumroad: 'Gumroad',
  jinxxy: 'Jinxxy',
  payhip: 'Payhip',
  kofi: 'Ko-fi',
  patreon: 'Patreon',
};

/** Link types that accept any public HTTPS host. */
export const OPEN_LINK_TYPES = ['website', 'other', 'commissions', 'generic_store', 'woocommerce'] as const;

export const isBrandedLinkType = (type: string): type is BrandedLinkType => Object.hasOwn(PROVIDER_HOSTS, type);

const hostIn = (host: string, domains: readonly string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`));

/** Parses an absolute http(s) URL, lower-casing the host and dropping a trailing dot; undefined otherwise. */
export function parseWebUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url;
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, '');

/**
 * A host name a public link can lead to: not an IP literal, not a single label (`intranet`),
 * not `localhost` or under it. Whether the name resolves is not checked here.
 */
function isPublicHostName(host: string): boolean {
  if (host.startsWith('[') || net.isIP(host) !== 0) return false;
  if (!host.includes('.')) return false;
  return host !== 'localhost' && !host.endsWith('.localhost');
}

/**
 * Why `url` is not acceptable for a link of `type`, or undefined when it is. Every link must be
 * an HTTPS URL without credentials whose host is a public name (no IP literal, no single-label
 * or `localhost` name); a branded type must point at one of its provider's hosts (exactly, or
 * a subdomain of one: `twitch.tv.evil.com` and `evil-twitch.tv` are refused).
 */
export function linkUrlProblem(type: string, raw: string): string | undefined {
  const url = parseWebUrl(raw);
  if (!url || url.protocol !== 'https:') return 'must be an https URL without credentials';
  const host = hostOf(url);
  if (!isPublicHostName(host)) return 'must point at a public host name';
  if (isBrandedLinkType(type) && !hostIn(host, PROVIDER_HOSTS[type])) {
    return `must point at ${PROVIDER_HOSTS[type].join(', ')} for a ${type} link`;
  }
  return undefined;
}

/**
 * The label a link shows when its writer gives none: the provider's name for a branded type,
 * the host (without `www.`) otherwise. Assumes `linkUrlProblem` accepted the URL.
 */
export function automaticLinkLabel(type: string, raw: string): string {
  if (isBrandedLinkType(type)) return PROVIDER_LABELS[type];
  const url = parseWebUrl(raw);
  return url ? hostOf(url).replace(/^www\./, '') : raw;
}
