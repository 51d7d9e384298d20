// Blog management schemas: the post form (create and edit) with its messages; valibot only, shared with the
// site's post form.
import * as v from 'valibot';
import { imageUrl, pathId, strictFields, trimmedMin, withExample } from '../../../common/schema';

export const BLOG_STATUS_CHOICES = ['draft', 'published', 'archived'] as const;
export const MAX_TAGS = 10;

export const POST_MESSAGES = {
  title: 'Title must be at least 3 characters',
  content: 'Content is required',
  excerpt: 'Excerpt must not exceed 500 characters',
  tag: 'Each tag must be 1 to 30 characters',
  tags: `Use at most ${MAX_TAGS} tags`,
  status: 'Status must be draft, published or archived',
  slug: 'The slug may only contain lowercase letters, numbers and dashes',
} as const;

export const BlogPostForm = withExample(
  strictFields({
    title: v.optional(
      v.pipe(
        v.string(POST_MESSAGES.title),
        v.regex(trimmedMin(3), POST_MESSAGES.title),
        v.maxLength(200, 'Title must not exceed 200 characters'),
      ),
      '',
    ),
    /** Optional: generated from the title when empty; made unique either way. */
    slug: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[a-z0-9-]{0,80}$/, POST_MESSAGES.slug)))),
    excerpt: v.optional(v.pipe(v.string(), v.maxLength(500, POST_MESSAGES.excerpt)), ''),
    /** HTML; sanitized before it is stored. */
    content: v.optional(
      v.pipe(
        v.string(POST_MESSAGES.content),
        v.regex(/\S/, POST_MESSAGES.content),
        v.maxLength(200_000, 'Content must not exceed 200,000 characters'),
      ),
      '',
    ),
    featuredImage: imageUrl,
    tags: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(POST_MESSAGES.tag), v.minLength(1, POST_MESSAGES.tag), v.maxLength(30, POST_MESSAGES.tag))),
        v.maxLength(MAX_TAGS, POST_MESSAGES.tags),
      ),
      [],
    ),
    status: v.optional(v.picklist(BLOG_STATUS_CHOICES, POST_MESSAGES.status), 'draft'),
  }),
  {
    title: 'Five Warm-Ups for a Foggy Morning',
    excerpt: 'Loosen up before class, whatever the weather.',
    content: '<p>Start with <strong>ankle circles</strong>, then walk lunges along the path.</p>',
    tags: ['fitness', 'tips'],
    status: 'published',
  },
);
export type BlogPostForm = v.InferOutput<typeof BlogPostForm>;
export type BlogPostFormInput = v.InferInput<typeof BlogPostForm>;

/** "Trail Running: 5 Tips!" -> "trail-running-5-tips" (accents dropped, at most 80 characters). The server
 * makes it unique; the post form shows it as a preview. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}

export const PostIdParams = v.object({ id: pathId(3) });
/** The Blog Management stat cards: Total Posts, Published, Drafts, Archived. */
export const PostCounts = v.object({ total: v.number(), published: v.number(), draft: v.number(), archived: v.number() });
export type PostCounts = v.InferOutput<typeof PostCounts>;
