// Public blog reads: published posts only (an admin may also open a draft or archived post by its slug).
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { notFound } from '../errors';
import type { BlogPost } from './model';
import { renderBlogHtml } from '../lib/blog-html';

type PostRow = typeof blogPosts.$inferSelect;

/** The post as the API and pages show it, its content sanitized again on the way out. */
export function toBlogPost(row: PostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: renderBlogHtml(row.content),
    featuredImage: row.featuredImage,
    tags: Array.isArray(row.tags) ? row.tags.filter((t): t is string => typeof t === 'string') : [],
    readTime: row.readTime,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Published posts, newest first; with a tag, only the posts carrying it. */
export async function listPublishedPosts(db: Database, tag?: string): Promise<BlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  const posts = rows.map(toBlogPost);
  return tag ? posts.filter((post) => post.tags.includes(tag)) : posts;
}

/** Every distinct tag of the published posts, in first-seen order. */
export function topicsOf(posts: BlogPost[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))];
}

export async function getPostBySlug(db: Database, slug: string, options: { includeUnpublished?: boolean } = {}): Promise<BlogPost> {
  const condition = options.includeUnpublished
    ? eq(blogPosts.slug, slug)
    : and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published'));
  const row = await db.select().from(blogPosts).where(condition).get();
  if (!row) throw notFound('Post not found.');
  return toBlogPost(row);
}
