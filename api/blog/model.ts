// The public blog post (coach-admin-areas §3): content is sanitized HTML.
import * as v from 'valibot';
import { pageEntries } from '../../common/pagination';
import { withExample } from '../../common/schema';

export const BlogPost = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  excerpt: v.string(),
  content: v.string(),
  featuredImage: v.nullable(v.string()),
  tags: v.array(v.string()),
  readTime: v.number(),
  status: v.picklist(['published', 'draft', 'archived']),
  publishedAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type BlogPost = v.InferOutput<typeof BlogPost>;

export const BlogListQuery = v.object({
  tag: v.optional(v.pipe(v.string(), v.maxLength(100, 'The tag must not exceed 100 characters.'))),
  ...pageEntries,
});
// A slug that is not valid UTF-8 (%ff) arrives as null: not found, like any unknown slug.
export const SlugParams = v.object({
  slug: withExample(v.nullable(v.pipe(v.string(), v.maxLength(200, 'Post not found.'))), 'dressing-for-the-fog'),
});
