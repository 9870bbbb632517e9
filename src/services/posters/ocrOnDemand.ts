import type { PosterTextReader, PosterTextReaderOptions } from './ocr.js';

/**
 * The poster reader of ocr.ts, with tesseract.js and its model loaded on the first poster read
 * rather than at start: a server that extracts no poster never holds them.
 */
export function createPosterTextReaderOnDemand(options: PosterTextReaderOptions = {}): PosterTextReader {
  let reader: Promise<PosterTextReader> | undefined;
  const load = () => (reader ??= import('./ocr.js').then((ocr) => ocr.createPosterTextReader(options)));
  return {
    read: async (image) => (await load()).read(image),
    close: async () => {
      if (reader) await (await reader).close();
    },
  };
}
