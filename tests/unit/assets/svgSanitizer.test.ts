import { describe, expect, test } from '@jest/globals';
import { DOMParser, type Document as XmlDocument, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom';
import { cssIsSafe, sanitizeSvg, SvgRefused } from '../../../src/services/directory/svgSanitizer.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const svg = (inner: string, rootAttrs = '') => `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" viewBox="0 0 10 10"${rootAttrs}>${inner}</svg>`;
const clean = async (text: string) => (await sanitizeSvg(Buffer.from(text))).bytes.toString('utf8');

/**
 * Every rule, checked on the sanitizer's output by an independent XML parser (@xmldom/xmldom,
 * not the jsdom the sanitizer uses): nothing that runs, nothing that fetches.
 */
function assertInert(text: string): XmlDocument {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(text, 'image/svg+xml');
  expect(errors).toEqual([]);
  const root = doc.documentElement!;
  expect(root.localName).toBe('svg');
  expect(root.namespaceURI).toBe(SVG_NS);
  const walk = (node: XmlNode) => {
    expect(node.nodeType).not.toBe(7); // processing instruction
    expect(node.nodeType).not.toBe(10); // doctype
    if (node.nodeType === 1) {
      const el = node as XmlElement;
      expect(el.namespaceURI).toBe(SVG_NS);
      expect(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler']).not.toContain((el.localName ?? '').toLowerCase());
      for (const attr of Array.from(el.attributes)) {
        if (attr.name === 'xmlns' || attr.prefix === 'xmlns') continue;
        expect((attr.localName ?? attr.name).toLowerCase().startsWith('on')).toBe(false);
        if (attr.localName === 'href') expect(attr.value.trim().startsWith('#')).toBe(true);
        expect(attr.localName).not.toBe('base');
        expect(attr.value).not.toMatch(/javascript:/i);
        for (const m of attr.value.matchAll(/url\s*\(\s*['"]?\s*([^'")]*)/gi)) expect(m[1].trim().startsWith('#')).toBe(true);
        if (attr.localName === 'attributeName') expect(attr.value).not.toMatch(/href|^on/i);
      }
      if (el.localName === 'style') {
        expect(el.textContent).not.toMatch(/@import|\\|image-set|javascript:/i);
        for (const m of (el.textContent ?? '').matchAll(/url\s*\(\s*['"]?\s*([^'")]*)/gi)) expect(m[1].trim().startsWith('#')).toBe(true);
      }
    }
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(doc);
  return doc;
}

describe('SVG sanitizer: attacks come out inert', () => {
  test.each([
    ['a script element', svg('<script>alert(1)</script><rect width="1" height="1"/>')],
    ['a script in CDATA', svg('<script><![CDATA[alert(1)]]></script>')],
    ['a script in a prefixed element of the SVG namespace', svg(`<s:script xmlns:s="${SVG_NS}">alert(1)</s:script><rect/>`)],
    ['an onload handler on the root', svg('<rect/>', ' onload="alert(1)"')],
    ['an upper-case ONCLICK handler', svg('<rect ONCLICK="alert(1)" width="1" height="1"/>')],
    ['a handler on a nested element', svg('<g><g><circle r="1" onmouseover="alert(1)"/></g></g>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['an entity-encoded javascript: link', svg('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>')],
    ['an external use', svg('<use xlink:href="https://evil.example/s.svg#a"/><use href="//evil.example/s.svg#a"/>')],
    ['a data: use', svg('<use href="data:image/svg+xml;base64,PHN2Zy8+"/>')],
    ['an external image', svg('<image href="https://evil.example/p.png" width="1" height="1"/>')],
    ['a data: image', svg('<image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>')],
    ['an external url() in a presentation attribute', svg('<rect fill="url(https://evil.example/p.svg#g)" filter="url( \'http://evil.example/f\' )" width="1" height="1"/>')],
    ['an external url() in a style attribute', svg('<rect style="fill:url(https://evil.example/g)" width="1" height="1"/>')],
    ['a CSS escape spelling url', svg('<rect style="fill:\\75 rl(https://evil.example/g)" width="1" height="1"/>')],
    ['@import in a style element', svg('<style>@import "https://evil.example/x.css"; rect { fill: red }</style>')],
    ['@import hidden by a comment', svg('<style>@im/**/port url(https://evil.example/x.css);</style>')],
    ['image-set() in a style element', svg('<style>rect { fill: image-set("https://evil.example/a.png" 1x) }</style>')],
    ['a font-face with an external source', svg('<style>@font-face { font-family: x; src: url(https://evil.example/f.woff) }</style>')],
    ['xml:base re-rooting references', svg('<g xml:base="https://evil.example/"><use href="#a"/></g>')],
    ['a foreignObject with HTML', svg('<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>')],
    ['an XHTML iframe', svg('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/>')],
    ['a set animating href', svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>')],
    ['an animate on an event attribute', svg('<rect width="1" height="1"><animate attributeName="onclick" values="alert(1)"/></rect>')],
    ['a stylesheet processing instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('<?xml-stylesheet href="https://evil.example/y.css"?><rect/>')}`],
    ['a comment hiding markup', svg('<!--<script>alert(1)</script>--><rect/>')],
  ])('when an SVG carries %s, then the output has none of it', async (_what, input) => {
    const out = await clean(input);
    assertInert(out);
    expect(out).not.toMatch(/alert|evil\.example|javascript/i);
  });

  test('when an ordinary logo is sanitized, then its drawing is kept: shapes, gradients, same-document references, classes and styles', async () => {
    const logo = svg(
      '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#f0c"/><stop offset="1" stop-color="#0cf"/></linearGradient>' +
        '<path id="p" d="M0 0L10 10"/></defs>' +
        '<style>.mark { stroke: #333; stroke-width: 0.5 } .bg { fill: url(#g) }</style>' +
        '<rect class="bg" width="10" height="10" rx="2"/><use href="#p" class="mark"/><use xlink:href="#p" transform="rotate(90 5 5)"/>' +
        '<text x="5" y="6" text-anchor="middle" font-family="sans-serif" style="fill: #fff">M</text>',
    );
    const doc = assertInert(await clean(logo));
    const names = Array.from(doc.getElementsByTagName('*')).map((e) => e.localName);
    expect(names).toEqual(['svg', 'defs', 'linearGradient', 'stop', 'stop', 'path', 'style', 'rect', 'use', 'use', 'text']);
    expect(doc.documentElement!.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(doc.getElementsByTagName('path')[0].getAttribute('d')).toBe('M0 0L10 10');
    expect(doc.getElementsByTagName('style')[0].textContent).toContain('url(#g)');
    expect(doc.getElementsByTagName('use')[1].getAttributeNS(XLINK_NS, 'href')).toBe('#p');
    expect(doc.getElementsByTagName('text')[0].textContent).toBe('M');
  });

  test('when a style element holds CDATA, then its rules are kept as text', async () => {
    const doc = assertInert(await clean(svg('<style><![CDATA[ rect > .x { fill: red } ]]></style><rect/>')));
    expect(doc.getElementsByTagName('style')[0].textContent).toContain('rect > .x { fill: red }');
  });

  test('when the sanitizer removes something, then it says what', async () => {
    const { removed } = await sanitizeSvg(Buffer.from(svg('<script>1</script><rect onclick="x()"/>', ' onload="y()"')));
    expect(removed).toEqual(expect.arrayContaining(['script', 'onclick', 'onload']));
  });
});

describe('SVG sanitizer: what cannot be made safe is refused', () => {
  test.each([
    ['a DOCTYPE', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg('<rect/>')}`, /DOCTYPE/],
    ['entity declarations', `<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>${svg('<text>&lol2;</text>')}`, /DOCTYPE/],
    ['an entity declaration without DOCTYPE keyword casing', `<!doctype svg [<!entity x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`, /DOCTYPE/],
    ['bytes that are not UTF-8', Buffer.concat([Buffer.from(`<svg xmlns="${SVG_NS}"><text>`), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('</text></svg>')]), /UTF-8/],
    ['markup that is not well-formed', svg('<rect><g></rect>'), /well-formed/],
    ['an HTML entity XML does not know', svg('<text>&nbsp;</text>'), /well-formed/],
    ['plain text', 'just some text', /well-formed/],
    ['an HTML root', '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', /root <html>/],
    ['an svg root without the SVG namespace', '<svg viewBox="0 0 1 1"><rect/></svg>', /namespace/],
    // DOMPurify knows unprefixed SVG only: a prefixed root leaves nothing, so the file is refused.
    ['a prefixed svg:svg document', `<svg:svg xmlns:svg="${SVG_NS}"><svg:script>alert(1)</svg:script><svg:rect width="1" height="1"/></svg:svg>`, /nothing left/],
    ['nesting deeper than 256 levels', `<svg xmlns="${SVG_NS}">${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`, /deeper/],
  ])('when the file is %s, then SvgRefused', async (_what, input, reason) => {
    const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input);
    let thrown: unknown;
    try {
      await sanitizeSvg(bytes);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(SvgRefused);
    expect((thrown as Error).message).toMatch(reason);
  });
});

describe('CSS rule check', () => {
  test.each([
    ['rect { fill: red }', true],
    ['.a { fill: url(#g) } .b { mask: url( "#m" ) }', true],
    ['@import "x.css";', false],
    ['a { background: url(https://evil.example/x) }', false],
    ['a { background: url(data:image/png;base64,AAAA) }', false],
    ['a { background: \\75 rl(x) }', false],
    ['a { background: image-set("x.png" 1x) }', false],
    ['a { background: -webkit-image-set("x.png" 1x) }', false],
    ['a { content: image("x.png") }', false],
    ['a { background: cross-fade(url(#a), url(#b)) }', false],
    ['a { b: javascript:alert(1) }', false],
  ])('when the CSS is %j, then safe is %s', (css, safe) => {
    expect(cssIsSafe(css)).toBe(safe);
  });
});
