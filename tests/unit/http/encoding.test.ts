import zlib from 'node:zlib';
import { brotliWindow } from '../../../src/http/encoding.js';

describe('brotli window', () => {
  test('when a body is compressed, then the window is the smallest of 2^10–2^24 bytes that holds it, and the bytes come back whole', () => {
    const expected = (length: number) => {
      let w = 10;
      while (w < 24 && 2 ** w < length) w++;
      return w;
    };
    const lengths = [0, 1, 1023, 1024, 1025, 6418, 8192, 8193, 318_693, 2 ** 24, 2 ** 24 + 1, 2 ** 30];
    for (let i = 0; i < 200; i++) lengths.push(1 + Math.floor(Math.random() * 2 ** 25));
    for (const length of lengths) expect([length, brotliWindow(length)]).toEqual([length, expected(length)]);
    for (const length of [1, 1025, 70_000]) {
      const body = Buffer.from(Array.from({ length }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join(''));
      const packed = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(length) } });
      expect(zlib.brotliDecompressSync(packed).equals(body)).toBe(true);
    }
  });
});
