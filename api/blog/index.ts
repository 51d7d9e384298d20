// Public blog routes: GET /api/blog (published posts) and GET /api/blog/{slug}. Writes live in api/blog/admin.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { gzipLargeJson } from '../lib/compress';
import { paged, pagedDescription, readPage } from '../../common/pagination';
import { BlogListQuery, BlogPost, SlugParams } from './model';
import { getPostBySlug, listPublishedPosts } from './service';
import { authPlugin } from '../auth/plugin';

/** Posts per page of GET /api/blog when no limit is given. */
const BLOG_PAGE = 24;

export function blogRoutes(ctx: AppContext) {
  const db = ctx.db;
  return new Elysia()
    .use(authPlugin(ctx))
    .mapResponse(gzipLargeJson)
    .get(
      '/blog',
      async ({ query, set }) => {
        // A bounded answer at any scale (300 posts with their content would be over 600 KB).
        const posts = await listPublishedPosts(db, query.tag);
        const { limit, offset } = readPage(query, BLOG_PAGE);
        return paged(set, { rows: posts.slice(offset, offset + limit), total: posts.length });
      },
      {
        query: BlogListQuery,
        response: { 200: v.array(BlogPost) },
        detail: {
          tags: ['Blog'],
          summary: 'Published posts, newest first (optionally one tag); content is sanitized HTML.' + pagedDescription(BLOG_PAGE),
        },
      },
    )
    .get('/blog/:slug', ({ params, user }) => getPostBySlug(db, params.slug ?? '', { includeUnpublished: user?.role === 'admin' }), {
      params: SlugParams,
      response: { 200: BlogPost, 404: v.object({ message: v.string() }) },
      detail: { tags: ['Blog'], summary: 'One published post by slug (admins may also open drafts and archived posts)' },
    });
}
