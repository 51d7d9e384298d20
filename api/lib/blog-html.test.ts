// The blog sanitizer: no script, no event handlers, no javascript: links; line breaks rendered as breaks.
import { describe, expect, test } from 'bun:test';
import { lineBreaksToHtml, renderBlogHtml, sanitizeBlogHtml } from './blog-html';

describe('sanitizeBlogHtml', () => {
  test('drops script and style elements with their content', () => {
    const html = sanitizeBlogHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>');
    expect(html).toBe('<p>Hi</p>');
  });

  test('an image without alt text gets an empty one (decorative)', () => {
    expect(sanitizeBlogHtml('<img src="/a.png">')).toBe('<img alt="" src="/a.png" loading="lazy" />');
  });

  test('drops event-handler attributes', () => {
    expect(sanitizeBlogHtml('<img src="https://a.test/x.png" onerror="alert(1)" alt="x"><p onclick="x()">t</p>')).toBe(
      '<img alt="x" src="https://a.test/x.png" loading="lazy" /><p>t</p>',
    );
  });

  test('drops javascript: and data: links but keeps http, https, mailto and relative ones', () => {
    expect(sanitizeBlogHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBlogHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBlogHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBlogHtml('<a href="/classes">x</a><a href="mailto:a@b.co">m</a>')).toBe(
      '<a href="/classes">x</a><a href="mailto:a@b.co">m</a>',
    );
  });

  test('links opening a new tab get rel="noopener noreferrer"', () => {
    expect(sanitizeBlogHtml('<a href="https://a.test" target="_blank">x</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('line breaks', () => {
  test('plain text: single line breaks become <br>, blank lines new paragraphs', () => {
    expect(lineBreaksToHtml('One\ntwo\n\nThree')).toBe('<p>One<br>two</p><p>Three</p>');
  });

  test('HTML: breaks inside text become <br>, formatting between blocks does not', () => {
    expect(lineBreaksToHtml('<h2>Title</h2>\n<p>Line one\nline two</p>\n\n<ul>\n<li>a</li>\n</ul>')).toBe(
      '<h2>Title</h2><p>Line one<br>line two</p><ul><li>a</li></ul>',
    );
  });

  test('pre blocks keep their line breaks', () => {
    expect(lineBreaksToHtml('<p>a</p>\n<pre>x\ny</pre>')).toBe('<p>a</p><pre>x\ny</pre>');
  });

  test('rendering sanitizes after converting', () => {
    expect(renderBlogHtml('Hello\n<script>alert(1)</script>world')).toBe('<p>Hello<br />world</p>');
  });
});
