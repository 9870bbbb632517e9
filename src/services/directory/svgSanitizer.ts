import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';

/**
 * SVG profile assets are accepted only as the output of this sanitizer (contract 2.11; the
 * file route adds a restrictive CSP on top). The pipeline, each step failing closed:
 *
 * 1. Strict UTF-8, and no DOCTYPE or entity declarations anywhere (no entity expansion, no
 *    external subsets).
 * 2. A strict XML parse (jsdom's XML parser, as browsers parse `image/svg+xml`); the root must
 *    be `<svg>` in the SVG namespace.
 * 3. Our own rules on that tree: script, `<foreignObject>` and embedding elements go with their
 *    whole content, whatever their prefix; every `href`/`xlink:href` must be a same-document `#…`
 *    reference; an attribute with a `url(…)` to anything but `#…` goes; a `<style>` element or
 *    attribute with `@import`, an external `url(…)`, other fetching CSS functions or CSS escapes
 *    goes; `xml:base` goes.
 * 4. DOMPurify (SVG and SVG-filter profiles, plus `<use>`, which our same-document rule makes
 *    safe): scripts, event handlers, `<foreignObject>`, HTML elements, `javascript:` URLs,
 *    processing instructions, comments and unknown namespaced markup are removed.
 * 5. The result is serialized as XML, parsed again strictly and checked against every rule
 *    above; anything left that breaks one refuses the file rather than storing it.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Nesting deeper than this is refused (legitimate artwork is far shallower). */
const MAX_DEPTH = 256;
/** Elements past this count are refused. */
const MAX_ELEMENTS = 100_000;

/** Why an SVG was refused; the message is safe to show to the uploader. */
export class SvgRefused extends Error {
  override readonly name = 'SvgRefused';
}

export interface SanitizedSvg {
  bytes: Buffer;
  /** What the sanitizer removed, by element or attribute name (for tests and audit metadata). */
  removed: string[];
}

interface Engine {
  window: JSDOM['window'];
  purify: DOMPurify;
}
let engine: Engine | undefined;

/**
 * One jsdom window (no scripts, no resource loading) and one DOMPurify bound to it, made on the
 * first SVG: jsdom takes a noticeable time to load and memory to hold, which no other request
 * (and no server that never sees an SVG) should pay.
 */
async function loadEngine(): Promise<Engine> {
  if (!engine) {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('<!DOCTYPE html><html><head></head><body></body></html>');
    engine ??= { window, purify: createDOMPurify(window as unknown as Window & typeof globalThis) };
  }
  return engine;
}

/** The engine, once `loadEngine` has made it (every caller below runs after it). */
function getEngine(): Engine {
  if (!engine) throw new Error('the SVG sanitizer engine is not loaded');
  return engine;
}

const sameDocument = (value: string) => value.trim().startsWith('#');

/** Every `url(…)` in a CSS text or attribute value points into the document (`url(#id)`). */
function urlsAreLocal(text: string): boolean {
  for (const m of text.matchAll(/url\s*\(\s*(['"]?)\s*([^'")]*)/gi)) {
    if (!m[2].trim().startsWith('#')) return false;
  }
  return true;
}

/**
 * CSS that can fetch nothing and hide nothing: no `@import`, no external `url(…)`, no other
 * fetching functions, no escapes (which could spell any of them), no `javascript:`.
 */
export function cssIsSafe(css: string): boolean {
  const stripped = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const text of [css, stripped]) {
    if (/\\|@import|javascript:|expression\s*\(|image-set\s*\(|(^|[^-\w])image\s*\(|cross-fade\s*\(|element\s*\(|(^|[^-\w])src\s*\(/i.test(text)) return false;
    if (!urlsAreLocal(text)) return false;
  }
  return true;
}

/** An attribute our rules refuse, whatever DOMPurify would think of it. */
function attributeIsUnsafe(attr: Attr): boolean {
  const local = attr.localName.toLowerCase();
  const value = attr.value;
  if (local.startsWith('on')) return true;
  if (local === 'href' || local === 'src') return !sameDocument(value);
  if (local === 'base') return true; // xml:base would re-root `#…` references
  if (local === 'style') return !cssIsSafe(value);
  if (local === 'attributename') return /href|^\s*on|style/i.test(value);
  if (/url\s*\(/i.test(value) && !urlsAreLocal(value)) return true;
  return /javascript:/i.test(value);
}

const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler', 'listener']);

/** Elements of a tree in document order, iteratively (no recursion on hostile nesting). */
function* elementsOf(root: Element): Generator<{ el: Element; depth: number }> {
  const stack: { el: Element; depth: number }[] = [{ el: root, depth: 0 }];
  while (stack.length) {
    const next = stack.pop()!;
    yield next;
    const children = next.el.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ el: children[i], depth: next.depth + 1 });
  }
}

function parseStrict(text: string): Element {
  const { window } = getEngine();
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) throw new SvgRefused('is not well-formed XML');
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    throw new SvgRefused(`has root <${root.localName}>${root.namespaceURI === SVG_NS ? '' : ' outside the SVG namespace'}; an SVG document's root is <svg xmlns="${SVG_NS}">`);
  }
  for (const node of Array.from(doc.childNodes)) {
    if (node.nodeType === window.Node.DOCUMENT_TYPE_NODE) throw new SvgRefused('declares a DOCTYPE');
  }
  let count = 0;
  for (const { depth } of elementsOf(root)) {
    if (depth > MAX_DEPTH) throw new SvgRefused(`nests elements deeper than ${MAX_DEPTH} levels`);
    if (++count > MAX_ELEMENTS) throw new SvgRefused(`has more than ${MAX_ELEMENTS} elements`);
  }
  return root;
}

/** Step 3: our rules, applied to the strictly parsed tree before DOMPurify sees it. */
function applyOwnRules(root: Element, removed: string[]): void {
  const { window } = getEngine();
  for (const { el } of Array.from(elementsOf(root))) {
    if (!el.isConnected && el !== root) continue;
    const name = el.localName.toLowerCase();
    // Whole subtrees, whatever their prefix: their text is no drawing either.
    if (FORBIDDEN_ELEMENTS.has(name) || (name === 'style' && !cssIsSafe(el.textContent ?? ''))) {
      removed.push(el.localName);
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      if (attributeIsUnsafe(attr)) {
        removed.push(attr.name);
        el.removeAttributeNode(attr);
      }
    }
    // CDATA (style text) becomes plain text: DOMPurify drops CDATA sections whole.
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === window.Node.CDATA_SECTION_NODE) el.replaceChild(el.ownerDocument.createTextNode(child.nodeValue ?? ''), child);
    }
  }
}

/** Step 5: the final text, parsed again, must satisfy every rule; otherwise it is not stored. */
function verify(text: string): void {
  const root = parseStrict(text);
  const { window } = getEngine();
  for (const { el } of elementsOf(root)) {
    if (el.namespaceURI !== SVG_NS) throw new SvgRefused('kept an element outside the SVG namespace');
    if (FORBIDDEN_ELEMENTS.has(el.localName.toLowerCase())) throw new SvgRefused(`kept a <${el.localName}> element`);
    if (el.localName.toLowerCase() === 'style' && !cssIsSafe(el.textContent ?? '')) throw new SvgRefused('kept unsafe CSS');
    for (const attr of Array.from(el.attributes)) {
      if (attr.name === 'xmlns' || attr.prefix === 'xmlns') continue;
      if (attributeIsUnsafe(attr)) throw new SvgRefused(`kept the attribute ${attr.name}`);
    }
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE) throw new SvgRefused('kept a processing instruction');
    }
  }
}

/**
 * Sanitizes an uploaded SVG document, or refuses it with `SvgRefused` when it cannot be made
 * safe. The result is UTF-8 XML text without an XML declaration.
 */
export async function sanitizeSvg(input: Buffer): Promise<SanitizedSvg> {
  await loadEngine();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    throw new SvgRefused('is not UTF-8 text');
  }
  text = text.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new SvgRefused('declares a DOCTYPE or entities');

  const removed: string[] = [];
  const root = parseStrict(text);
  applyOwnRules(root, removed);

  const { window, purify } = getEngine();
  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    RETURN_DOM: true,
  }) as unknown as HTMLElement;
  for (const r of purify.removed as { element?: Node; attribute?: Attr | null }[]) {
    const name = r.attribute?.name ?? r.element?.nodeName;
    // DOMPurify reports the <body> it wrapped the tree in; that is no removal from the file.
    if (name && name !== 'BODY') removed.push(name);
  }
  const svg = body.firstElementChild;
  if (!svg || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NS || body.children.length !== 1) {
    throw new SvgRefused('has nothing left that is an SVG image after sanitizing');
  }
  const out = new window.XMLSerializer().serializeToString(svg);
  verify(out);
  return { bytes: Buffer.from(out, 'utf8'), removed };
}
