// /blog/admin (admin only): the four stat cards and every post with its status, dates, read time and tags;
// view (published only), edit, delete with confirmation (coach-admin-areas §2).
import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlogPost } from '../../../../api/blog/model';
import { formatDateShort } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { api, blogPost, unwrap, unwrapPage } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import { LoadMoreButton, useLoadMore } from '../../components/LoadMore';
import Modal from '../../components/Modal';
import { pageQuery } from '../../components/Pagination';
import StatCard from '../../components/StatCard';

const STATUS_BADGES: Record<BlogPost['status'], string> = {
  published: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  archived: 'bg-fog-200 text-fog-700 dark:bg-fog-800 dark:text-fog-300',
};

export const ADMIN_ONLY = 'This page is only accessible to administrators.';

export default function BlogAdminScreen() {
  const user = useStore($user);
  if (user?.role !== 'admin') return <AccessDenied message={ADMIN_ONLY} />;
  return <BlogAdmin />;
}

const POSTS = ['blog', 'admin'] as const;
const PAGE_SIZE = 20;

function BlogAdmin() {
  const list = useLoadMore([...POSTS, 'posts'], (window) => unwrapPage(api.blog.admin.get({ query: pageQuery(window) })), PAGE_SIZE);
  const stats = useQuery({ queryKey: [...POSTS, 'stats'], queryFn: () => unwrap(api.blog.admin.stats.get()) });
  const queryClient = useQueryClient();
  const posts = list.items ?? null;
  const failed = list.query.isError && !posts;
  const [toDelete, setToDelete] = useState<BlogPost | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove(post: BlogPost) {
    setDeleting(true);
    try {
      await unwrap(blogPost(post.id).delete());
      toast({ title: 'Success', description: 'Blog post deleted successfully', variant: 'success' });
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: POSTS });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete blog post'), variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  const figure = (key: 'total' | 'published' | 'draft' | 'archived') => stats.data?.[key] ?? '–';

  return (
    <div className="container-page py-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Blog Management</h1>
          <p className="mt-1 text-fog-600 dark:text-fog-400">Write, publish and archive posts for the Fogline blog.</p>
        </div>
        <div className="flex gap-2">
          <a href="/blog" className="btn-secondary">
            View Blog
          </a>
          <a href="/blog/admin/create" className="btn-primary">
            <Icon name="plus" /> Create Post
          </a>
        </div>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Posts" value={figure('total')} />
        <StatCard label="Published" value={figure('published')} tone="success" />
        <StatCard label="Drafts" value={figure('draft')} tone="warning" />
        <StatCard label="Archived" value={figure('archived')} tone="muted" />
      </div>

      <section aria-label="All posts" className="mt-6">
        {failed ? (
          <div role="alert" className="card p-6 text-center">
            <p className="font-semibold text-red-700 dark:text-red-400">Failed to load blog posts</p>
            <button type="button" className="btn-secondary mt-3" onClick={() => void list.query.refetch()}>
              Try again
            </button>
          </div>
        ) : posts === null ? (
          <ul aria-busy="true" aria-label="Loading posts" className="space-y-3">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} data-testid="post-skeleton" className="card space-y-3 p-5">
                <div className="skeleton h-5 w-2/3" />
                <div className="skeleton h-4 w-1/3" />
                <div className="skeleton h-4 w-full" />
              </li>
            ))}
          </ul>
        ) : posts.length === 0 ? (
          <div className="card px-6 py-14 text-center">
            <p className="text-lg font-semibold">No blog posts yet</p>
            <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Share fitness tips, drills and community stories.</p>
            <a href="/blog/admin/create" className="btn-primary mt-5">
              Create First Post
            </a>
          </div>
        ) : (
          <ul className="space-y-3">
            {posts.map((post) => (
              <li key={post.id} className="card p-5">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="text-lg font-semibold">{post.title}</h2>
                      <span className={`badge capitalize ${STATUS_BADGES[post.status]}`}>{post.status}</span>
                    </div>
                    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-fog-600 dark:text-fog-400">
                      <span>
                        {post.status === 'published' && post.publishedAt
                          ? `Published ${formatDateShort(post.publishedAt)}`
                          : `Created ${formatDateShort(post.createdAt)}`}
                      </span>
                      <span>{post.readTime} min read</span>
                      <span>
                        {post.tags.length} {post.tags.length === 1 ? 'tag' : 'tags'}
                      </span>
                    </p>
                    {post.excerpt && <p className="mt-2 line-clamp-2 text-sm text-fog-700 dark:text-fog-300">{post.excerpt}</p>}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    {post.status === 'published' && (
                      <a href={`/blog/${post.slug}`} className="btn-ghost px-3 py-1.5" aria-label={`View ${post.title}`}>
                        View
                      </a>
                    )}
                    <a href={`/blog/admin/edit/${post.id}`} className="btn-ghost px-3 py-1.5" aria-label={`Edit ${post.title}`}>
                      Edit
                    </a>
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1.5 text-red-700 dark:text-red-400"
                      aria-label={`Delete ${post.title}`}
                      onClick={() => setToDelete(post)}
                    >
                      Delete
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {posts && <LoadMoreButton query={list.query} loaded={posts.length} total={list.total} noun="posts" />}
      </section>

      <Modal
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete post"
        description={toDelete && <p>Are you sure you want to delete "{toDelete.title}"? This action cannot be undone.</p>}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setToDelete(null)} disabled={deleting}>
              Cancel
            </button>
            <button type="button" className="btn-danger" onClick={() => toDelete && void remove(toDelete)} disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete'}
            </button>
          </>
        }
      />
    </div>
  );
}
