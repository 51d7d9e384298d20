// Blog management (admins only): every post, create, edit, delete. Slugs come from the title and are unique;
// content is sanitized before it is stored; read time comes from the words; publishedAt is set when a post is
// first published and kept after that.
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { blogPosts } from '../../../db/schema';
import type { SessionUser } from '../../auth/session';
import { requireRole } from '../../auth/plugin';
import type { BlogPost } from '../model';
import { sanitizeBlogHtml } from '../../lib/blog-html';
import { readTimeOf } from '../../lib/read-time';
import { toBlogPost } from '../service';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { PageRequest } from '../../../common/pagination';
import { type BlogPostForm, type PostCounts, slugify } from './model';

export { slugify };

type PostRow = typeof blogPosts.$inferSelect;

/** Paths under /blog that a post slug must never take. */
const RESERVED_SLUGS = new Set(['admin', 'create', 'edit']);

async function uniqueSlug(tx: Tx, wanted: string, ownId: number | null): Promise<string> {
  const base = slugify(wanted);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 76)}-${n}`;
    if (RESERVED_SLUGS.has(candidate)) continue;
    const taken = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, candidate)).get();
    if (!taken || taken.id === ownId) return candidate;
  }
}

/** The admin's view of a post: the stored (sanitized) content as written, for the editor. */
function toAdminPost(row: PostRow): BlogPost {
  return { ...toBlogPost(row), content: row.content };
}

/** The columns a post form sets: trimmed text, sanitized content, its read time, distinct tags. */
function postColumns(form: BlogPostForm) {
  const content = sanitizeBlogHtml(form.content);
  return {
    title: form.title.trim(),
    excerpt: form.excerpt.trim(),
    content,
    featuredImage: form.featuredImage?.trim() || null,
    tags: [...new Set(form.tags.map((t) => t.trim()).filter(Boolean))],
    readTime: readTimeOf(content),
    status: form.status,
  };
}

/** GET /api/blog/admin: one page of every post (drafts and archived too), newest first. */
export async function listAllPosts(
  ctx: AppContext,
  user: SessionUser | null,
  page: PageRequest,
): Promise<{ rows: BlogPost[]; total: number }> {
  requireRole(user, 'admin');
  const [count] = await ctx.db.select({ total: sql<number>`count(*)` }).from(blogPosts);
  const rows = await ctx.db
    .select()
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(toAdminPost), total: Number(count?.total ?? 0) };
}

/** GET /api/blog/admin/stats: the four figures of Blog Management, over every post. */
export async function countPosts(ctx: AppContext, user: SessionUser | null): Promise<PostCounts> {
  requireRole(user, 'admin');
  const rows = await ctx.db.select({ status: blogPosts.status, n: sql<number>`count(*)` }).from(blogPosts).groupBy(blogPosts.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), published: of('published'), draft: of('draft'), archived: of('archived') };
}

export async function getPostForEdit(ctx: AppContext, user: SessionUser | null, id: number): Promise<BlogPost> {
  requireRole(user, 'admin');
  const row = await ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
  if (!row) throw notFound('Post not found.');
  return toAdminPost(row);
}

export async function createPost(ctx: AppContext, user: SessionUser | null, form: BlogPostForm): Promise<BlogPost> {
  const admin = requireRole(user, 'admin');
  const now = ctx.clock.now();
  const row = await ctx.db.write(async (tx) => {
    const slug = await uniqueSlug(tx, form.slug || form.title, null);
    const [created] = await tx
      .insert(blogPosts)
      .values({
        slug,
        ...postColumns(form),
        authorId: admin.id,
        publishedAt: form.status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return toAdminPost(row);
}

export async function updatePost(ctx: AppContext, user: SessionUser | null, id: number, form: BlogPostForm): Promise<BlogPost> {
  requireRole(user, 'admin');
  const now = ctx.clock.now();
  const row = await ctx.db.write(async (tx) => {
    const current = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
    if (!current) throw notFound('Post not found.');
    // The slug stays put (links keep working) unless the admin asks for another one.
    const slug = form.slug && form.slug !== current.slug ? await uniqueSlug(tx, form.slug, id) : current.slug;
    const [updated] = await tx
      .update(blogPosts)
      .set({
        slug,
        ...postColumns(form),
        publishedAt: current.publishedAt ?? (form.status === 'published' ? now : null),
        updatedAt: now,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    return updated!;
  });
  return toAdminPost(row);
}

export async function deletePost(ctx: AppContext, user: SessionUser | null, id: number): Promise<{ message: string }> {
  requireRole(user, 'admin');
  const deleted = await ctx.db.write((tx) => tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }));
  if (deleted.length === 0) throw notFound('Post not found.');
  return { message: 'Blog post deleted successfully' };
}
