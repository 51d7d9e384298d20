// Blog HTML is untrusted even when an admin wrote it: sanitized when saved (blog admin, the demo seed) and
// again whenever it is rendered. No script or style, no event-handler attributes, only http(s)/mailto/relative
// links.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'small',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'figure',
    'figcaption',
    'img',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Headings start at h2: the post title is the page's h1.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const attrs = { ...attribs };
      if (attrs.target === '_blank') attrs.rel = 'noopener noreferrer';
      else delete attrs.target;
      return { tagName, attribs: attrs };
    },
    // Images without a description are decorative to screen readers rather than unnamed.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs, loading: 'lazy' } }),
  },
};

/** The stored form of a post's content: safe HTML. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}

const BLOCK = '(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|figcaption|table|thead|tbody|tr|td|th|caption|hr|br)';
const AFTER_BLOCK = new RegExp(`(<\\/?${BLOCK}\\b[^>]*>)[ \\t]*\\r?\\n(?:[ \\t]*\\r?\\n)*`, 'gi');
const BEFORE_BLOCK = new RegExp(`\\r?\\n[\\s]*(?=<\\/?${BLOCK}\\b)`, 'gi');

/** Line breaks become <br> (blank lines start a new paragraph when the text has no block markup), except
 * inside <pre> and around block tags, where they are only source formatting. */
export function lineBreaksToHtml(content: string): string {
  const hasBlocks = new RegExp(`<${BLOCK}\\b`, 'i').test(content);
  return content
    .split(/(<pre\b[\s\S]*?<\/pre>)/i)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      if (!hasBlocks) {
        const paragraphs = part
          .trim()
          .split(/(?:\r?\n[ \t]*){2,}/)
          .filter(Boolean);
        return paragraphs.map((p) => `<p>${p.replace(/\r?\n/g, '<br>')}</p>`).join('');
      }
      return part.replace(AFTER_BLOCK, '$1').replace(BEFORE_BLOCK, '').replace(/\r?\n/g, '<br>');
    })
    .join('');
}

/** What a page inserts: line breaks rendered as breaks, then sanitized again (never trust what is stored). */
export function renderBlogHtml(content: string): string {
  return sanitizeBlogHtml(lineBreaksToHtml(content ?? ''));
}
