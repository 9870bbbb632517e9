import fs from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';
import { MARK_SVG } from '../ui/assets.js';
import type { CardModel } from './cardModel.js';

/**
 * Draws a share card: satori lays the card out (flexbox) and writes an SVG whose text is glyph
 * paths from the Inter files shipped in `@fontsource/inter`, so nothing depends on the fonts a
 * machine has; resvg turns it into a PNG. Loaded on the first card (ARCHITECTURE.md).
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const require = createRequire(import.meta.url);
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
const WEIGHTS = [400, 700] as const;

const FONTS = SUBSETS.flatMap((subset) =>
  WEIGHTS.map((weight) => ({
    // One family per subset: satori picks a font by family and weight, then falls back along the list.
    name: `Inter ${subset}`,
    weight,
    style: 'normal' as const,
    data: fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
  })),
);

/** The code points the shipped subsets draw (from the package's own table). */
const COVERED: [number, number][] = (() => {
  const table = JSON.parse(fs.readFileSync(require.resolve('@fontsource/inter/unicode.json'), 'utf8')) as Record<string, string>;
  return SUBSETS.flatMap((s) =>
    table[s].split(',').map((r): [number, number] => {
      const [a, b] = r.replace(/U\+/g, '').split('-');
      return [parseInt(a, 16), parseInt(b ?? a, 16)];
    }),
  );
})();
const covered = (cp: number) => COVERED.some(([a, b]) => cp >= a && cp <= b);

/** Characters no shipped font draws are left out rather than drawn as empty boxes. */
function drawable(text: string): string {
  let out = '';
  for (const ch of text) if (covered(ch.codePointAt(0)!)) out += ch;
  return out.replace(/\s+/g, ' ').trim();
}

// satori reads React-shaped elements; these plain objects are that shape. Every user string is a
// child string: laid out as text, never parsed as markup.
type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; src?: string; width?: number; height?: number; children?: Child | Child[] };
}
type Child = Node | string | null;
const el = (type: string, style: Style, ...children: Child[]): Node => ({ type, props: { style, children: children.filter((c) => c !== null) } });
const img = (src: string, width: number, height: number, style: Style = {}): Node => ({ type: 'img', props: { src, width, height, style: { width, height, ...style } } });

const INK = '#ffffff';
const MUTED = '#c7d2fe';
const ACCENT = '#fbbf24';
const BACKGROUND = 'linear-gradient(135deg, #1e1b4b 0%, #312e81 60%, #4338ca 100%)';
const PAD = 64;
/** The card's whole surface; padding lives on its one child (satori sizes boxes without their padding). */
const CANVAS: Style = { display: 'flex', width: CARD_WIDTH, height: CARD_HEIGHT, backgroundImage: BACKGROUND, fontFamily: SUBSETS.map((subset) => `Inter ${subset}`).join(', '), color: INK };
const MARK = `data:image/svg+xml;base64,${Buffer.from(MARK_SVG).toString('base64')}`;

const brand = (size = 44) =>
  el('div', { display: 'flex', alignItems: 'center' }, img(MARK, size, size), el('div', { marginLeft: 16, fontSize: size * 0.72, fontWeight: 700, color: INK }, 'Marquee'));

/** A block of text cut to `lines` lines with an ellipsis; a long word breaks rather than overflowing. */
const clamp = (text: string, width: number, fontSize: number, lines: number, style: Style = {}): Node =>
  el('div', { display: 'block', flexShrink: 0, width, fontSize, lineHeight: `${Math.round(fontSize * 1.2)}px`, lineClamp: lines, overflow: 'hidden', wordBreak: 'break-word', ...style }, text);

const badge = (text: string, background: string, color = INK) =>
  el('div', { display: 'flex', padding: '6px 18px', borderRadius: 999, background, color, fontSize: 26, fontWeight: 700 }, text);

function eventCard(m: Extract<CardModel, { kind: 'event' }>, art: string | undefined): Node {
  const artWidth = 440;
  const width = CARD_WIDTH - PAD * 2 - (art ? artWidth : 0);
  const title = drawable(m.title) || 'Event';
  const community = m.community && drawable(m.community);
  const world = m.world && drawable(m.world);
  return el(
    'div',
    CANVAS,
    el(
      'div',
      { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, padding: PAD },
      brand(),
      el(
        'div',
        { display: 'flex', flexDirection: 'column' },
        m.cancelled ? el('div', { display: 'flex', marginBottom: 20 }, badge('Cancelled', '#b91c1c')) : null,
        community ? clamp(community, width, 30, 1, { color: ACCENT, fontWeight: 700, marginBottom: 12 }) : null,
        clamp(title, width, title.length > 60 ? 54 : 68, 3, { fontWeight: 700, marginBottom: 20 }),
        clamp(drawable(m.when), width, 30, 2, { color: MUTED }),
        world ? clamp(world, width, 28, 1, { color: MUTED, marginTop: 8 }) : null,
      ),
    ),
    art ? img(art, artWidth, CARD_HEIGHT, { flexShrink: 0, objectFit: 'cover' }) : null,
  );
}

function profileCard(m: Extract<CardModel, { kind: 'profile' }>, avatar: string | undefined): Node {
  const size = 320;
  const width = CARD_WIDTH - PAD * 2 - (avatar ? size + PAD : 0);
  const name = drawable(m.name) || (m.profileType === 'community' ? 'Community' : 'Person');
  const headline = m.headline && drawable(m.headline);
  return el(
    'div',
    CANVAS,
    el(
      'div',
      { display: 'flex', flexDirection: 'column', flexGrow: 1, padding: PAD },
      brand(),
    el(
      'div',
      { display: 'flex', flexGrow: 1, alignItems: 'center' },
      el(
        'div',
        { display: 'flex', flexDirection: 'column', width },
        el(
          'div',
          { display: 'flex', alignItems: 'center', marginBottom: 16 },
          el('div', { fontSize: 30, fontWeight: 700, color: ACCENT, marginRight: 20 }, m.profileType === 'community' ? 'Community' : 'Person'),
          badge(m.trust, 'rgba(255,255,255,0.16)', MUTED),
        ),
        clamp(name, width, name.length > 40 ? 56 : 72, 2, { fontWeight: 700, marginBottom: 16 }),
        headline ? clamp(headline, width, 32, 3, { color: MUTED }) : null,
      ),
      avatar ? img(avatar, size, size, { flexShrink: 0, marginLeft: PAD, borderRadius: m.profileType === 'person' ? size / 2 : 40, objectFit: 'cover' }) : null,
    ),
    ),
  );
}

function siteCard(): Node {
  return el(
    'div',
    CANVAS,
    el(
      'div',
      { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1, padding: PAD * 1.5 },
      brand(120),
      el('div', { display: 'flex', marginTop: 48, fontSize: 56, fontWeight: 700 }, 'What’s on in VR'),
      el('div', { display: 'flex', marginTop: 16, fontSize: 34, color: MUTED }, 'Events, communities, people and worlds — in your own time zone.'),
    ),
  );
}

/** Cards drawn by this process (the card cache's tests read it). */
export const renderStats = { cards: 0 };

/**
 * The card as a PNG. `image` is a PNG the caller has already decoded and sized from one of our
 * own assets (never a URL to fetch).
 */
export async function renderCard(model: CardModel, image?: Buffer): Promise<Buffer> {
  renderStats.cards++;
  const picture = image ? `data:image/png;base64,${image.toString('base64')}` : undefined;
  const tree = model.kind === 'event' ? eventCard(model, picture) : model.kind === 'profile' ? profileCard(model, picture) : siteCard();
  // satori's element type is React's; our plain objects have its shape.
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: FONTS });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng());
}

/** The picture box of each kind of card, for sizing its image before it is drawn. */
export const PICTURE_BOX = { event: { width: 440, height: CARD_HEIGHT }, profile: { width: 320, height: 320 } } as const;
