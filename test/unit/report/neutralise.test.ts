import { marked } from 'marked';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { markdownCode, markdownText, renderJunit, terminalText, xmlText } from '../../../report/index.ts';

function parsesAsXml(xml: string): boolean {
  const parser = new SaxesParser();
  let ok = true;
  parser.on('error', () => {
    ok = false;
  });
  try {
    parser.write(xml).close();
  } catch {
    ok = false;
  }
  return ok;
}

describe('text from a deployment, neutralised for each output', () => {
  it('keeps JUnit well-formed whatever the text: lone surrogates, U+FFFE/U+FFFF and C0 controls shown as \\uXXXX', () => {
    const text = 'a\ud800b\udc00c\uffff\ufffe\u0001\u001b[2J<&>"\' 😀 tab\tline\nend';
    const xml = renderJunit([
      { name: text, cases: [{ name: text, classname: text, timeMs: 1, failure: { message: text } }] },
    ]);
    expect(parsesAsXml(xml)).toBe(true);
    expect(xmlText(text)).toBe(
      'a\\ud800b\\udc00c\\uffff\\ufffe\\u0001\\u001b[2J&lt;&amp;&gt;&quot;&apos; 😀 tab\tline\nend',
    );
  });

  it('shows terminal controls (C0 but tab and line feed, DEL, C1) as \\uXXXX and keeps the rest', () => {
    expect(terminalText('\x1b]52;c;eA==\x07\x9b2J\x7f\r\tok\nnext ✓')).toBe(
      '\\u001b]52;c;eA==\\u0007\\u009b2J\\u007f\\u000d\tok\nnext ✓',
    );
  });

  it('renders Markdown text with no link, image, tag or emphasis, and as the same words', () => {
    const text =
      '1. ![p](https://evil.example/p.png) [re-run with your token](https://evil.example) <b>x</b> **bold** https://evil.example www.evil.example a@evil.example | `c` &amp;';
    const html = marked.parseInline(markdownText(text), { async: false, gfm: true });
    expect(html).not.toMatch(/<(a|img|b|strong|em|code)\b/);
    expect(
      html.replace(
        /&(amp|lt|gt|quot|#39);/g,
        (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
      ),
    ).toBe(text);
  });

  it('quotes text in a code span no backtick inside can close', () => {
    for (const text of ['plain', 'a `tick`', '``double`` and ```triple```', '`edge`']) {
      const html = marked.parseInline(markdownCode(text), { async: false });
      expect(html).toMatch(/^<code>[^<]*<\/code>$/);
      expect(
        html
          .replace(/^<code>|<\/code>$/g, '')
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"'),
      ).toBe(text);
    }
  });
});
