import { canonicalJson, canonicalJsonHash } from '../../src/lib/canonicalJson.js';
import { identityKey, mergeLinks } from '../../src/services/directory/profileWrites.js';
import type { StoredOutboundLink } from '../../src/repositories/profiles.js';

describe('identity keys of the opted-out rule', () => {
  test.each([
    ['DJ  Aurora\tVex ', 'dj aurora vex'],
    ['Straße', 'strasse'],
    ['ΣΟΦΙΑ', 'σοφια'],
    ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['ﬁre', 'fire'],
    ['Cafe\u0301', 'café'],
  ])('when %j is keyed, then %j', (name, key) => {
    expect(identityKey(name)).toBe(identityKey(key));
    expect(identityKey(name)).toBe(key.normalize('NFKC'));
  });

  test('when two names differ in letters, then their keys differ', () => {
    expect(identityKey('Aurora Vex')).not.toBe(identityKey('Aurora Vox'));
  });
});

describe('canonical JSON (RFC 8785)', () => {
  test('when two bodies differ only in member order and spacing, then their canonical text and hash are equal', () => {
    const a = JSON.parse('{"b": [1, {"y": 2, "x": "é"}], "a": null}');
    const b = JSON.parse('{"a":null,"b":[1,{"x":"é","y":2}]}');
    expect(canonicalJson(a)).toBe('{"a":null,"b":[1,{"x":"é","y":2}]}');
    expect(canonicalJsonHash(a)).toBe(canonicalJsonHash(b));
  });

  test('when a value changes, then the hash changes', () => {
    expect(canonicalJsonHash({ a: [1, 2] })).not.toBe(canonicalJsonHash({ a: [2, 1] }));
    expect(canonicalJsonHash({ a: 1 })).not.toBe(canonicalJsonHash({ a: '1' }));
  });
});

describe('link replacement (contract 4.6 rule 3, 2.10)', () => {
  const stored: StoredOutboundLink[] = [
    { type: 'twitch', url: 'https://twitch.tv/a', label: 'Twitch', source: 'owner_authored', destination: { targetKey: 't', kind: 'vrchat_user', status: 'resolved' } },
    { type: 'discord', url: 'https://discord.gg/secret', label: 'Discord', source: 'owner_authored', visibility: 'private' },
    { type: 'website', url: 'https://example.org/', label: 'Site', source: 'owner_authored', visibility: 'unlisted' },
  ];

  test('when a contributor replaces the list, then hidden links stay as stored and new links are community_submitted', () => {
    const merged = mergeLinks(stored, [{ type: 'youtube', url: 'https://youtube.com/@a', label: 'YouTube' }], 'community_contributor');
    expect(merged).toEqual([{ type: 'youtube', url: 'https://youtube.com/@a', label: 'YouTube', source: 'community_submitted' }, stored[1], stored[2]]);
  });

  test('when a contributor resends a visible link, then it keeps its provenance and destination', () => {
    const merged = mergeLinks(stored, [{ type: 'twitch', url: 'https://twitch.tv/a', label: 'Twitch live' }], 'community_contributor');
    expect(merged[0]).toEqual({ type: 'twitch', url: 'https://twitch.tv/a', label: 'Twitch live', source: 'owner_authored', destination: stored[0].destination });
  });

  test('when a contributor sends the URL of a hidden link, then the hidden link is not made public', () => {
    const merged = mergeLinks(stored, [{ type: 'discord', url: 'https://discord.gg/secret', label: 'Discord' }], 'community_contributor');
    expect(merged).toEqual([stored[1], stored[2]]);
  });

  test('when the owner replaces the list, then omitted links go, kept ones keep visibility and provenance, new ones are owner_authored', () => {
    const merged = mergeLinks(stored, [{ type: 'discord', url: 'https://discord.gg/secret', label: 'Server' }, { type: 'bandcamp', url: 'https://a.bandcamp.com/', label: 'Bandcamp' }], 'owner');
    expect(merged).toEqual([
      { type: 'discord', url: 'https://discord.gg/secret', label: 'Server', source: 'owner_authored', visibility: 'private' },
      { type: 'bandcamp', url: 'https://a.bandcamp.com/', label: 'Bandcamp', source: 'owner_authored' },
    ]);
  });

  test('when the owner keeps a community-submitted link, then it stays community_submitted', () => {
    const withCommunity: StoredOutboundLink[] = [{ type: 'twitch', url: 'https://twitch.tv/b', label: 'Twitch', source: 'community_submitted' }];
    expect(mergeLinks(withCommunity, [{ type: 'twitch', url: 'https://twitch.tv/b', label: 'Twitch' }], 'owner')[0].source).toBe('community_submitted');
  });
});
