// A post's reading time: a pure content helper shared by the blog (its management) and the demo seed.
export const WORDS_PER_MINUTE = 200;

/** Minutes to read the content's words at 200 words a minute, at least 1. */
export function readTimeOf(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
