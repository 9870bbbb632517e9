import { linkUrlProblem } from '../../lib/linkProviders.js';
import type { StoredOutboundLink } from '../../repositories/profiles.js';
import { publicLinksOf } from '../directory/publicReads.js';

/**
 * Live streams of performers (contract 2.8): which of a performer's links are stream choices,
 * their normalized stream ids, and the URLs players open. Pure functions, no I/O.
 *
 * - Stream-capable link types: `vrcdn`, `twitch`, `youtube`, on their provider's hosts
 *   (`linkUrlProblem`, the one provider host table).
 * - A candidate is a discovery-visible link (what `publicLinksOf` shows: never `unlisted` or
 *   `private`) of such a type that names a stream and is not a direct video file.
 * - A direct video file (URL path ending .mp4, .webm, .mov, .mkv or .m4v) stays a roster link
 *   but is never a live stream choice.
 * - Normalized ids: `vrcdn:<stream name>`, `twitch:<login, lower-case>`,
 *   `youtube:<video id | @handle (lower-case) | channel id>`.
 * - Player URLs: VRCDN `rtspt://stream.vrcdn.live/live/<name>` (PC) and
 *   `https://stream.vrcdn.live/live/<name>.live.ts` (Quest); Twitch the channel page for both;
 *   YouTube the canonical watch or live URL for both.
 */

export const STREAM_LINK_TYPES = ['vrcdn', 'twitch', 'youtube'] as const;
export type StreamLinkType = (typeof STREAM_LINK_TYPES)[number];

/** A live stream a slot may select: its normalized id and what PC and Quest players open. */
export interface StreamCandidate {
  streamId: string;
  pcUrl: string;
  questUrl: string;
}

const isStreamLinkType = (type: string): type is StreamLinkType => (STREAM_LINK_TYPES as readonly string[]).includes(type);

const VIDEO_FILE = /\.(mp4|webm|mov|mkv|m4v)$/i;

/** Whether a URL names a direct video file (by the extension of its path). */
export function isDirectVideoFile(raw: string): boolean {
  try {
    return VIDEO_FILE.test(new URL(raw).pathname.replace(/\/+$/, ''));
  } catch {
    return false;
  }
}

const segmentsOf = (url: URL) => url.pathname.split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } });

const VRCDN_NAME = /^[A-Za-z0-9_-]{1,100}$/;
/** Suffixes a VRCDN stream URL may carry after the stream name (and, for the would-be id of a file, a video extension). */
const VRCDN_SUFFIX = /\.(live\.ts|live\.m3u8|m3u8|ts|flv|mp4|webm|mov|mkv|m4v)$/i;

function vrcdnName(url: URL): string | undefined {
  const parts = segmentsOf(url);
  // stream.vrcdn.live/live/<name>[.live.ts] or vrcdn.live/<name>
  const raw = parts.length === 2 && parts[0] === 'live' ? parts[1] : parts.length === 1 ? parts[0] : undefined;
  const name = raw?.replace(VRCDN_SUFFIX, '');
  return name && VRCDN_NAME.test(name) ? name : undefined;
}

const TWITCH_LOGIN = /^[a-z0-9_]{2,25}$/;
/** Twitch paths that are site pages, not channels. */
const TWITCH_RESERVED = new Set(['directory', 'downloads', 'jobs', 'login', 'logout', 'p', 'search', 'settings', 'signup', 'subscriptions', 'inventory', 'wallet', 'drops', 'turbo', 'prime', 'store', 'friends', 'messages', 'following', 'videos', 'u', 'team', 'event', 'popout', 'embed', 'moderator', 'clip', 'clips']);

function twitchLogin(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  let login: string | undefined;
  if (host === 'player.twitch.tv') login = url.searchParams.get('channel') ?? undefined;
  else if (host === 'twitch.tv' || host === 'www.twitch.tv' || host === 'm.twitch.tv') {
    const parts = segmentsOf(url);
    login = parts.length === 1 ? parts[0] : undefined;
  }
  const lower = login?.toLowerCase();
  return lower && TWITCH_LOGIN.test(lower) && !TWITCH_RESERVED.has(lower) ? lower : undefined;
}

const YOUTUBE_VIDEO = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_CHANNEL = /^UC[A-Za-z0-9_-]{22}$/;
const YOUTUBE_HANDLE = /^@[A-Za-z0-9._-]{3,30}$/;

type YouTubeTarget = { kind: 'video'; id: string } | { kind: 'handle'; id: string } | { kind: 'channel'; id: string };

function youtubeTarget(url: URL): YouTubeTarget | undefined {
  const host = url.hostname.toLowerCase();
  const parts = segmentsOf(url);
  if (host === 'youtu.be' || host === 'www.youtu.be') return parts.length === 1 && YOUTUBE_VIDEO.test(parts[0]) ? { kind: 'video', id: parts[0] } : undefined;
  if (parts[0] === 'watch' && parts.length === 1) {
    const v = url.searchParams.get('v');
    return v && YOUTUBE_VIDEO.test(v) ? { kind: 'video', id: v } : undefined;
  }
  if ((parts[0] === 'live' || parts[0] === 'embed') && parts.length === 2) return YOUTUBE_VIDEO.test(parts[1]) ? { kind: 'video', id: parts[1] } : undefined;
  const tail = parts.length === 1 || (parts.length === 2 && parts[1] === 'live');
  if (tail && YOUTUBE_HANDLE.test(parts[0])) return { kind: 'handle', id: parts[0].toLowerCase() };
  const channelTail = parts.length === 2 || (parts.length === 3 && parts[2] === 'live');
  if (parts[0] === 'channel' && channelTail && YOUTUBE_CHANNEL.test(parts[1])) return { kind: 'channel', id: parts[1] };
  return undefined;
}

/**
 * The stream a link of `type` at `url` would be, ignoring the direct-video-file rule (so a
 * refusal can say a selected id is a video file rather than an unknown stream); undefined when
 * the type is not stream-capable, the URL is off its provider's hosts, or names no stream.
 */
export function wouldBeStreamOf(type: string, raw: string): StreamCandidate | undefined {
  if (!isStreamLinkType(type) || linkUrlProblem(type, raw) !== undefined) return undefined;
  const url = new URL(raw);
  if (type === 'vrcdn') {
    const name = vrcdnName(url);
    return name ? { streamId: `vrcdn:${name}`, pcUrl: `rtspt://stream.vrcdn.live/live/${name}`, questUrl: `https://stream.vrcdn.live/live/${name}.live.ts` } : undefined;
  }
  if (type === 'twitch') {
    const login = twitchLogin(url);
    return login ? { streamId: `twitch:${login}`, pcUrl: `https://www.twitch.tv/${login}`, questUrl: `https://www.twitch.tv/${login}` } : undefined;
  }
  const target = youtubeTarget(url);
  if (!target) return undefined;
  const watch =
    target.kind === 'video' ? `https://www.youtube.com/watch?v=${target.id}` : target.kind === 'handle' ? `https://www.youtube.com/${target.id}/live` : `https://www.youtube.com/channel/${target.id}/live`;
  return { streamId: `youtube:${target.id}`, pcUrl: watch, questUrl: watch };
}

/** The live stream a link offers, or undefined (not stream-capable, no stream named, or a direct video file). */
export function streamOf(link: { type?: string; url: string }): StreamCandidate | undefined {
  if (!link.type || isDirectVideoFile(link.url)) return undefined;
  return wouldBeStreamOf(link.type, link.url);
}

/** A performer's stream choices: its discovery-visible stream links, first link first, one per stream id. */
export function streamCandidatesOf(links: StoredOutboundLink[]): StreamCandidate[] {
  const out = new Map<string, StreamCandidate>();
  for (const link of publicLinksOf(links)) {
    const stream = streamOf(link);
    if (stream && !out.has(stream.streamId)) out.set(stream.streamId, stream);
  }
  return [...out.values()];
}

/** The candidate with this id among a performer's links, if it still is one. */
export function findStream(links: StoredOutboundLink[], streamId: string): StreamCandidate | undefined {
  return streamCandidatesOf(links).find((c) => c.streamId === streamId);
}

/**
 * Why `streamId` cannot be selected for a performer with these links, or undefined when it is one
 * of the performer's current candidates.
 */
export function selectionProblem(links: StoredOutboundLink[], streamId: string): string | undefined {
  if (findStream(links, streamId)) return undefined;
  const visible = publicLinksOf(links);
  if (visible.some((l) => l.type && isDirectVideoFile(l.url) && wouldBeStreamOf(l.type, l.url)?.streamId === streamId)) {
    return `${streamId} is a direct video file, not a live stream; select one of the performer's live stream links`;
  }
  const choices = streamCandidatesOf(links).map((c) => c.streamId);
  return `is not one of the performer's discovery-visible stream links${choices.length ? ` (choices: ${choices.join(', ')})` : ' (the performer has none)'}`;
}
