// Blog management routes (admins only): GET /api/blog/admin, GET /api/blog/admin/{id}, POST /api/blog,
// PUT /api/blog/{id}, DELETE /api/blog/{id}. The public reads are api/blog/index.ts: one area, two route sets.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { BlogPost } from '../model';
import type { AppContext } from '../../context';
import { pagedDescription, PageQuery, paged, readPage } from '../../../common/pagination';
import { Message, ValidationFailure } from '../../../common/schema';
import { parseId } from '../../lib/route-id';
import { BlogPostForm, PostCounts, PostIdParams } from './model';
import { countPosts, createPost, deletePost, getPostForEdit, listAllPosts, updatePost } from './service';
import { authPlugin } from '../../auth/plugin';

const tags = ['Blog management (admin)'];
const PAGE_SIZE = 20;
const errors = { 401: Message, 403: Message, 404: Message };

const postId = (value: string) => parseId(value, 'Post not found.');

export function blogAdminRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/blog/admin', async ({ user, query, set }) => paged(set, await listAllPosts(ctx, user, readPage(query, PAGE_SIZE))), {
      auth: 'admin',
      query: PageQuery,
      response: { 200: v.array(BlogPost), 400: Message, 401: Message, 403: Message },
      detail: {
        tags,
        summary: 'Every post (published, draft, archived), newest first, content as stored',
        description: pagedDescription(PAGE_SIZE).trim(),
      },
    })
    .get('/blog/admin/stats', ({ user }) => countPosts(ctx, user), {
      auth: 'admin',
      response: { 200: PostCounts, 401: Message, 403: Message },
      detail: { tags, summary: 'How many posts there are: in all, published, drafts, archived' },
    })
    .get('/blog/admin/:id', ({ user, params }) => getPostForEdit(ctx, user, postId(params.id)), {
      auth: 'admin',
      params: PostIdParams,
      response: { 200: BlogPost, ...errors },
      detail: { tags, summary: 'One post by id, for the edit form' },
    })
    .post(
      '/blog',
      async ({ user, body, set }) => {
        const post = await createPost(ctx, user, body);
        set.status = 201;
        return post;
      },
      {
        auth: 'admin',
        body: BlogPostForm,
        response: { 201: BlogPost, 400: ValidationFailure, 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'Create a post',
          description:
            'The slug comes from the title (or the slug given) and is made unique; content is sanitized HTML; readTime is computed from its words (200 a minute); publishedAt is set when the post is first published.',
        },
      },
    )
    .put('/blog/:id', ({ user, params, body }) => updatePost(ctx, user, postId(params.id), body), {
      auth: 'admin',
      params: PostIdParams,
      body: BlogPostForm,
      response: { 200: BlogPost, 400: ValidationFailure, ...errors },
      detail: { tags, summary: 'Edit a post (the slug stays unless a new one is given; publishedAt is kept once set)' },
    })
    .delete('/blog/:id', ({ user, params }) => deletePost(ctx, user, postId(params.id)), {
      auth: 'admin',
      params: PostIdParams,
      response: { 200: Message, ...errors },
      detail: { tags, summary: 'Delete a post' },
    });
}
