import { cleanText, cleanWebUrl, unstorableText } from '../../src/services/sanitize.js';

describe('text rules of public writes (src/services/sanitize.ts)', () => {
  test('when a single-line text holds bidirectional controls, then they are stripped', () => {
    expect(cleanText('\u202eevil.exe\u202c')).toEqual({ value: 'evil.exe' });
    expect(cleanText('a\u2066b\u2069c')).toEqual({ value: 'abc' });
    expect(cleanText('\u202e')).toEqual({ value: null });
  });

  test('when a multi-line text holds bidirectional controls, then they are kept (right-to-left prose)', () => {
    expect(cleanText('\u2067שלום\u2069 world', { multiline: true })).toEqual({ value: '\u2067שלום\u2069 world' });
  });

  test('when a URL holds a bidirectional control, then it is refused, not rewritten', () => {
    expect(cleanWebUrl('https://example.test/\u202eexe.pdf').problem).toMatch(/bidirectional/);
    expect(cleanWebUrl('https://example.test/ok')).toEqual({ value: 'https://example.test/ok' });
  });

  test('when text holds NUL or a lone surrogate, then it is unstorable; a surrogate pair is not', () => {
    expect(unstorableText('a\u0000b')).toBe('must not contain NUL characters');
    expect(unstorableText('a\ud800')).toMatch(/lone surrogate/);
    expect(unstorableText('\udc00a')).toMatch(/lone surrogate/);
    expect(unstorableText('🎶 \u0007')).toBeUndefined();
    expect(cleanText('a\u0000b').problem).toBeDefined();
  });
});
