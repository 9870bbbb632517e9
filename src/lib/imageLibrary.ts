import type sharpLibrary from 'sharp';

type Sharp = typeof sharpLibrary;
let loaded: Promise<Sharp> | undefined;

/**
 * sharp, loaded on the first image handled rather than at start: with libvips it holds some
 * 20 MB resident, which a server that serves no upload would carry for nothing. libvips's
 * operation cache is off: every upload is a different image, so it would only keep up to 50 MB of
 * decoded pixels alive after a burst of posters.
 */
export function imageLibrary(): Promise<Sharp> {
  loaded ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  });
  return loaded;
}
