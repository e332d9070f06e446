import { describe, expect, it } from 'vitest';
import { sanitizeDiagramSvg } from '#server/catalogue/diagram-sanitizer.ts';
import { drawDiagram } from '#server/seed/demo-diagrams.ts';
import { modelRows } from '#server/catalogue/model-import.ts';

const wrap = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${inner}</svg>`;
const clean = (inner: string) => sanitizeDiagramSvg(wrap(inner));

/** Nothing in the output may run, load or navigate. */
function expectInert(out: string): void {
  expect(out).not.toMatch(/<script|<foreignObject|<style|<iframe|<image|<a[\s>]|<animate|<set[\s>]|<!DOCTYPE|<!ENTITY|<\?xml|CDATA/i);
  expect(out).not.toMatch(/\son\w+\s*=/i);
  expect(out).not.toMatch(/javascript:|data:|https?:\/\/(?!www\.w3\.org\/)/i);
  expect(out).not.toMatch(/style=/i);
}

describe('sanitizeDiagramSvg: the demo drawings', () => {
  it('keeps every callout with its data-position, shapes and text', () => {
    const { svg } = drawDiagram(['1', '2', '7', '12A']);
    const out = sanitizeDiagramSvg(svg);
    for (const p of ['1', '2', '7', '12A']) expect(out).toContain(`<g data-position="${p}">`);
    expect(out.match(/<circle /g)?.length).toBe(svg.match(/<circle /g)?.length);
    expect(out).toContain('viewBox="0 0 640 480"');
    expect(out).toContain('text-anchor="middle"');
    expect(out).toMatch(/<text x="\d+" y="\d+" fill="#1d2a36" stroke="none">7<\/text>/);
    expectInert(out);
  });

  it('is stable: sanitizing a sanitized drawing changes nothing', () => {
    const once = sanitizeDiagramSvg(drawDiagram(['1', '2', '3']).svg);
    expect(sanitizeDiagramSvg(once)).toBe(once);
  });

  it('keeps case-sensitive SVG names and local gradients, clip paths and use', () => {
    const out = clean(
      '<defs><linearGradient id="g1" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/></linearGradient>' +
        '<clipPath id="c"><rect width="5" height="5"/></clipPath><circle id="dot" r="2"/></defs>' +
        '<g data-position="7" aria-label="Position 7" role="img"><rect fill="url(#g1)" clip-path="url(\'#c\')" width="10" height="10"/>' +
        '<use href="#dot" x="3"/><use xlink:href="#dot" y="3"/></g><title>Door</title><desc>Exploded view</desc>',
    );
    expect(out).toContain(
      '<linearGradient id="dg-g1" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"></stop></linearGradient>',
    );
    expect(out).toContain('<clipPath id="dg-c">');
    expect(out).toContain('fill="url(#dg-g1)"');
    expect(out).toContain('clip-path="url(#dg-c)"');
    expect(out).toContain('<use href="#dg-dot" x="3"></use>');
    expect(out).toContain('<use xlink:href="#dg-dot" y="3"></use>');
    expect(out).toContain('aria-label="Position 7" role="img"');
    expect(out).toContain('<title>Door</title><desc>Exploded view</desc>');
  });
});

describe('sanitizeDiagramSvg: attack payloads', () => {
  it('drops script elements with their content, in any case', () => {
    const out = clean('<script>alert(1)</script><SCRIPT>alert(2)</SCRIPT><g data-position="1"><script href="x.js"/></g>');
    expect(out).not.toContain('alert');
    expect(out).toContain('<g data-position="1"></g>');
    expectInert(out);
  });

  it('drops event handlers', () => {
    const out = sanitizeDiagramSvg(
      '<svg onload="alert(1)"><g onclick="alert(2)" onmouseover="x()"><circle r="1" onfocus="alert(3)" ONERROR="y()"/></g></svg>',
    );
    expect(out).toBe('<svg><g><circle r="1"></circle></g></svg>');
  });

  it('drops javascript:, external and data: references from href and xlink:href', () => {
    const out = clean(
      '<use href="javascript:alert(1)"/><use xlink:href="javascript:alert(1)"/><use href="http://evil.example/x.svg#a"/>' +
        '<use xlink:href="//evil.example/x.svg#a"/><use href="data:image/svg+xml;base64,PHN2Zz4="/><use href="x.svg#a"/>' +
        '<use href="#a b"/><use href=" java&#x09;script:alert(1)"/>',
    );
    expect(out).not.toMatch(/href/);
    expect(out.match(/<use><\/use>/g)?.length).toBe(8);
    expectInert(out);
  });

  it('drops links, images and animation that could navigate, load or set an href', () => {
    const out = clean(
      '<a href="javascript:alert(1)"><text>click</text></a><image href="http://evil.example/x.png"/>' +
        '<animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/>' +
        '<iframe src="http://evil.example"></iframe><feImage href="http://evil.example/x.png"/>',
    );
    // a link's content survives as what it is (an allowed text element), the link does not
    expect(out).toBe(wrap('<text>click</text>'));
  });

  it('drops foreignObject with the HTML inside it', () => {
    const out = clean(
      '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><p>hi</p><img src=x onerror=alert(1)><iframe src="javascript:alert(1)"></iframe></body></foreignObject><g data-position="2"/>',
    );
    expect(out).toBe(wrap('<g data-position="2"></g>'));
  });

  it('drops style elements and attributes, and url() to elsewhere in any attribute', () => {
    const out = clean(
      '<style>@import url(http://evil.example/x.css); g { fill: url(http://evil.example/#x) }</style>' +
        '<rect style="fill:url(http://evil.example/#x)" width="1"/><rect fill="url(http://evil.example/#x)" width="2"/>' +
        '<rect stroke="url(x.svg#a)" width="3"/><rect fill="u&#114;l(https://evil.example/#x)" width="4"/>' +
        '<rect font-family="url(#g)" width="5"/><rect mask="url(#m)" filter="url(#f)" width="6"/>',
    );
    expect(out).toBe(
      wrap(
        '<rect width="1"></rect><rect width="2"></rect><rect width="3"></rect><rect width="4"></rect><rect width="5"></rect><rect width="6"></rect>',
      ),
    );
  });

  it('drops CDATA sections (no script smuggled through them)', () => {
    const out = clean('<![CDATA[<script>alert(1)</script>]]><g data-position="3"><![CDATA[</g><script>alert(2)</script>]]></g>');
    expect(out).not.toContain('alert');
    expect(out).toBe(wrap('<g data-position="3"></g>'));
  });

  it('drops the XML declaration, DOCTYPE and entity declarations; an entity reference stays inert text', () => {
    const out = sanitizeDiagramSvg(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY lol "lol">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;&lol;</text></svg>',
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text>&amp;xxe;&amp;lol;</text></svg>');
  });

  it('keeps only the standard namespaces, only on svg', () => {
    const out = sanitizeDiagramSvg(
      '<svg xmlns="http://evil.example/ns" xmlns:xlink="http://www.w3.org/1999/xlink"><g xmlns="http://www.w3.org/2000/svg"/></svg>',
    );
    expect(out).toBe('<svg xmlns:xlink="http://www.w3.org/1999/xlink"><g></g></svg>');
  });

  it('prefixes ids (no clobbering of the page) and drops odd ones', () => {
    const out = clean('<g id="pf-paths"/><g id="a b"/><g id="&quot;x"/>');
    expect(out).toBe(wrap('<g id="dg-pf-paths"></g><g></g><g></g>'));
  });

  it('drops a data-position that is no import position (no markup smuggled into the island)', () => {
    const out = clean('<g data-position="7&quot; onclick=&quot;x"/><g data-position="12A"/>');
    expect(out).toBe(wrap('<g></g><g data-position="12A"></g>'));
  });

  it('drops HTML around or instead of the drawing', () => {
    expect(sanitizeDiagramSvg('<p>not a drawing</p><img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeDiagramSvg('<div><svg><g/></svg></div><svg><script>x</script></svg>')).toBe('<svg><g></g></svg>');
  });
});

describe('the import uses it', () => {
  it('modelRows stores each diagram sanitized', () => {
    const rows = modelRows(
      {
        brands: [],
        categories: [],
        products: [],
        models: [],
        diagrams: [{ id: 1, svg: wrap('<g data-position="7" onclick="x()"/>'), width: 100, height: 100 }],
      },
      sanitizeDiagramSvg,
    );
    expect(rows.diagrams[0]!.svg).toBe(wrap('<g data-position="7"></g>'));
  });
});
