import { automaticLinkLabel, isBrandedLinkType, linkUrlProblem, OPEN_LINK_TYPES, PROVIDER_HOSTS, PROVIDER_LABELS } from '../../src/lib/linkProviders.js';

const branded = Object.entries(PROVIDER_HOSTS) as [keyof typeof PROVIDER_HOSTS, readonly string[]][];
/** Every branded type with each of its provider's hosts. */
const brandedHosts = branded.flatMap(([type, hosts]) => hosts.map((host) => [type, host] as const));
/** A host no provider owns. */
const elsewhere = 'example.com';

describe('branded link hosts (contract 4.6 rule 4)', () => {
  test.each(brandedHosts)('when a %s link points at %s or a subdomain of it over https, then it is accepted', (type, host) => {
    expect(linkUrlProblem(type, `https://${host}/someone`)).toBeUndefined();
    expect(linkUrlProblem(type, `https://artist.${host}/someone`)).toBeUndefined();
    // Host case and a trailing dot do not matter.
    expect(linkUrlProblem(type, `https://${host.toUpperCase()}./someone`)).toBeUndefined();
  });

  test.each(branded)('when a %s link points at a host outside its provider, then it is refused naming the provider hosts', (type, hosts) => {
    const problem = linkUrlProblem(type, `https://${elsewhere}/someone`);
    expect(problem).toBe(`must point at ${hosts.join(', ')} for a ${type} link`);
  });

  test.each(brandedHosts)('when a %s link imitates %s (lookalike hosts, userinfo, plain http), then it is refused', (type, host) => {
    // The provider's registered name (`on.soundcloud.com` → `soundcloud.com`): a prefix glued to it is another domain.
    const domain = host.split('.').slice(-2).join('.');
    expect(linkUrlProblem(type, `https://${host}.evil.com/x`)).toBeDefined();
    expect(linkUrlProblem(type, `https://evil-${domain}/x`)).toBeDefined();
    expect(linkUrlProblem(type, `https://evil${domain}/x`)).toBeDefined();
    expect(linkUrlProblem(type, `https://${host}@evil.com/x`)).toBe('must be an https URL without credentials');
    expect(linkUrlProblem(type, `https://user:pw@${host}/x`)).toBe('must be an https URL without credentials');
    expect(linkUrlProblem(type, `http://${host}/x`)).toBe('must be an https URL without credentials');
  });

  test('when the host is written in another script that only looks alike, then it is refused (IDNA gives another name)', () => {
    // Cyrillic "т" in place of the Latin "t".
    expect(linkUrlProblem('twitch', 'https://\u0442witch.tv/x')).toBeDefined();
  });

  test('when a link is not an https URL at all, then it is refused whatever its type', () => {
    for (const type of ['website', 'twitch', 'other']) {
      for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', '//example.com/x', 'example.com', 'https://']) {
        expect(linkUrlProblem(type, url)).toBe('must be an https URL without credentials');
      }
    }
  });
});

describe('open link types', () => {
  test.each(OPEN_LINK_TYPES.map((t) => [t]))('when a %s link points at any public https host, then it is accepted', (type) => {
    expect(isBrandedLinkType(type)).toBe(false);
    expect(linkUrlProblem(type, 'https://shop.example.org/item?id=1')).toBeUndefined();
    expect(linkUrlProblem(type, 'https://twitch.tv/x')).toBeUndefined();
  });

  test.each([
    ['https://127.0.0.1/admin'],
    ['https://10.0.0.5/'],
    ['https://[::1]/'],
    ['https://0x7f.0.0.1/'],
    ['https://localhost/'],
    ['https://printer.localhost/'],
    ['https://intranet/'],
  ])('when a link points at %s (an address or a name that is not public), then it is refused', (url) => {
    expect(linkUrlProblem('website', url)).toBe('must point at a public host name');
  });
});

describe('automatic labels', () => {
  test('when a branded link has no label, then it is labelled with its provider name', () => {
    for (const [type] of branded) expect(automaticLinkLabel(type, `https://${PROVIDER_HOSTS[type][0]}/x`)).toBe(PROVIDER_LABELS[type]);
    expect(automaticLinkLabel('kofi', 'https://ko-fi.com/x')).toBe('Ko-fi');
  });

  test('when an open link has no label, then it is labelled with its host without www', () => {
    expect(automaticLinkLabel('website', 'https://www.Example.org/about')).toBe('example.org');
    expect(automaticLinkLabel('generic_store', 'https://shop.example.org/')).toBe('shop.example.org');
  });
});
