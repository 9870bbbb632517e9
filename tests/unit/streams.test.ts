import { isDirectVideoFile, selectionProblem, streamCandidatesOf, streamOf, wouldBeStreamOf } from '../../src/services/events/streams.js';
import type { StoredOutboundLink } from '../../src/repositories/profiles.js';

const link = (type: StoredOutboundLink['type'], url: string, extra: Partial<StoredOutboundLink> = {}): StoredOutboundLink => ({ type, url, label: `${type} link`, ...extra });

describe('stream candidates of a link (contract 2.8)', () => {
  test.each([
    // VRCDN: the stream name, RTSPT for PC and MPEG-TS for Quest.
    ['vrcdn', 'https://stream.vrcdn.live/live/aurora', 'vrcdn:aurora', 'rtspt://stream.vrcdn.live/live/aurora', 'https://stream.vrcdn.live/live/aurora.live.ts'],
    ['vrcdn', 'https://stream.vrcdn.live/live/aurora.live.ts', 'vrcdn:aurora', 'rtspt://stream.vrcdn.live/live/aurora', 'https://stream.vrcdn.live/live/aurora.live.ts'],
    ['vrcdn', 'https://vrcdn.live/Night_Owl-2', 'vrcdn:Night_Owl-2', 'rtspt://stream.vrcdn.live/live/Night_Owl-2', 'https://stream.vrcdn.live/live/Night_Owl-2.live.ts'],
    // Twitch: the login, lower-case; the channel page for both players.
    ['twitch', 'https://www.twitch.tv/AuroraVex', 'twitch:auroravex', 'https://www.twitch.tv/auroravex', 'https://www.twitch.tv/auroravex'],
    ['twitch', 'https://twitch.tv/aurora_vex/', 'twitch:aurora_vex', 'https://www.twitch.tv/aurora_vex', 'https://www.twitch.tv/aurora_vex'],
    ['twitch', 'https://m.twitch.tv/auroravex', 'twitch:auroravex', 'https://www.twitch.tv/auroravex', 'https://www.twitch.tv/auroravex'],
    ['twitch', 'https://player.twitch.tv/?channel=AuroraVex&parent=example.com', 'twitch:auroravex', 'https://www.twitch.tv/auroravex', 'https://www.twitch.tv/auroravex'],
    // YouTube: video id, @handle (lower-case) or channel id; the canonical watch/live URL.
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube:dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ', 'youtube:dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtube', 'https://www.youtube.com/live/dQw4w9WgXcQ?feature=share', 'youtube:dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtube', 'https://m.youtube.com/@AuroraVex', 'youtube:@auroravex', 'https://www.youtube.com/@auroravex/live', 'https://www.youtube.com/@auroravex/live'],
    ['youtube', 'https://www.youtube.com/@AuroraVex/live', 'youtube:@auroravex', 'https://www.youtube.com/@auroravex/live', 'https://www.youtube.com/@auroravex/live'],
    ['youtube', 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv', 'youtube:UCabcdefghijklmnopqrstuv', 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv/live', 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv/live'],
  ] as const)('when a %s link is %s, then it is stream %s', (type, url, streamId, pcUrl, questUrl) => {
    expect(streamOf({ type, url })).toEqual({ streamId, pcUrl, questUrl });
  });

  test.each([
    ['a direct video file on a stream host', 'vrcdn', 'https://vrcdn.video/sets/aurora.mp4'],
    ['a direct video file (upper-case extension)', 'vrcdn', 'https://stream.vrcdn.live/live/aurora.WEBM'],
    ['a non-stream link type', 'soundcloud', 'https://soundcloud.com/auroravex'],
    ['a website pointing at a stream host', 'website', 'https://www.twitch.tv/auroravex'],
    ['a stream type off its provider host', 'twitch', 'https://twitch.example.com/auroravex'],
    ['a plain http URL', 'twitch', 'http://www.twitch.tv/auroravex'],
    ['a URL with credentials', 'twitch', 'https://user:pw@www.twitch.tv/auroravex'],
    ['a javascript: URL', 'youtube', 'javascript:alert(1)'],
    ['a Twitch site page', 'twitch', 'https://www.twitch.tv/directory'],
    ['a Twitch VOD', 'twitch', 'https://www.twitch.tv/videos/123456789'],
    ['a Twitch clip host', 'twitch', 'https://clips.twitch.tv/SomeClipSlug'],
    ['a YouTube playlist', 'youtube', 'https://www.youtube.com/playlist?list=PL123'],
    ['a YouTube watch URL with a malformed id', 'youtube', 'https://www.youtube.com/watch?v=short'],
    ['a VRCDN URL naming no stream', 'vrcdn', 'https://vrcdn.live/'],
  ] as const)('when a link is %s, then it is no stream choice', (_, type, url) => {
    expect(streamOf({ type, url })).toBeUndefined();
  });

  test.each([
    ['https://vrcdn.video/sets/aurora.mp4', true],
    ['https://example.com/a/b.MOV', true],
    ['https://example.com/a/b.m4v/', true],
    ['https://example.com/film.mkv?download=1', true],
    ['https://stream.vrcdn.live/live/aurora.live.ts', false],
    ['https://example.com/mp4', false],
    ['not a url', false],
  ] as const)('when the URL is %s, then isDirectVideoFile is %s', (url, expected) => {
    expect(isDirectVideoFile(url)).toBe(expected);
  });

  test('when a direct video file would name a stream, then its would-be id is known but it is no candidate', () => {
    expect(wouldBeStreamOf('vrcdn', 'https://vrcdn.video/aurora-set.mp4')?.streamId).toBe('vrcdn:aurora-set');
    expect(streamOf({ type: 'vrcdn', url: 'https://vrcdn.video/aurora-set.mp4' })).toBeUndefined();
  });
});

describe("a performer's stream choices", () => {
  const links: StoredOutboundLink[] = [
    link('twitch', 'https://www.twitch.tv/auroravex'),
    link('twitch', 'https://twitch.tv/AuroraVex'), // the same stream again: one candidate
    link('vrcdn', 'https://stream.vrcdn.live/live/aurora'),
    link('vrcdn', 'https://vrcdn.video/aurora-set.mp4'),
    link('youtube', 'https://www.youtube.com/@hidden', { visibility: 'unlisted' }),
    link('youtube', 'https://www.youtube.com/@private', { discoveryVisibility: 'private' }),
    link('youtube', 'https://www.youtube.com/@nolabel', { label: undefined }),
    link('soundcloud', 'https://soundcloud.com/auroravex'),
  ];

  test('when links are listed, then only discovery-visible stream links are candidates, once each, in link order', () => {
    expect(streamCandidatesOf(links).map((c) => c.streamId)).toEqual(['twitch:auroravex', 'vrcdn:aurora']);
  });

  test.each([
    ['a candidate', 'twitch:auroravex', undefined],
    ['an unlisted link', 'youtube:@hidden', /not one of the performer's discovery-visible stream links/],
    ['a private link', 'youtube:@private', /not one of/],
    ['a direct video file', 'vrcdn:aurora-set', /direct video file, not a live stream/],
    ['an unknown id', 'twitch:someoneelse', /choices: twitch:auroravex, vrcdn:aurora/],
  ] as const)('when the selection is %s, then selectionProblem says so', (_, id, expected) => {
    const problem = selectionProblem(links, id);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });

  test('when a performer has no stream links, then a selection names no choices', () => {
    expect(selectionProblem([link('soundcloud', 'https://soundcloud.com/x')], 'twitch:x')).toMatch(/has none/);
  });
});
