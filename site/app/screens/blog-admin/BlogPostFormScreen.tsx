// /blog/admin/create and /blog/admin/edit/{id} (admin only): the post form with title, slug, excerpt, a
// content editor with a formatting toolbar and a sandboxed preview, tags, featured image and status.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { BLOG_STATUS_CHOICES, BlogPostForm, MAX_TAGS, slugify } from '../../../../api/blog/admin/model';
import type { BlogPost } from '../../../../api/blog/model';
import { api, blogPost, unwrap } from '../../../lib/api';
import { Field, useForm } from '../../../lib/form';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import type { ScreenProps } from '../../router';
import { goBack, navigate } from '../../router';
import { IMAGE_TOO_LARGE_FIELD_ERROR, MAX_IMAGE_BYTES, uploadImage } from '../../../lib/upload-image';
import { ADMIN_ONLY } from './BlogAdminScreen';
import { ContentEditor } from './ContentEditor';

export default function BlogPostFormScreen({ params }: ScreenProps) {
  const user = useStore($user);
  const loaded = useQuery({
    queryKey: ['blog', 'admin', 'post', params.id],
    queryFn: () => unwrap(api.blog.admin({ id: params.id! }).get()),
    enabled: Boolean(params.id) && user?.role === 'admin',
    refetchOnWindowFocus: false,
  });
  const post: BlogPost | null | 'missing' = !params.id || loaded.isError ? 'missing' : (loaded.data ?? null);

  if (user?.role !== 'admin') return <AccessDenied message={ADMIN_ONLY} />;
  if (post === null) return <Spinner />;
  if (params.id && post === 'missing') {
    return (
      <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
        <div className="card w-full max-w-md p-8 text-center">
          <h1 className="text-2xl font-bold">Post Not Found</h1>
          <p className="mt-2 text-fog-600 dark:text-fog-400">The blog post you're looking for doesn't exist or has been removed.</p>
          <a href="/blog/admin" className="btn-primary mt-6">
            Back to Blog Management
          </a>
        </div>
      </div>
    );
  }
  return <PostForm post={post === 'missing' ? null : post} />;
}

function PostForm({ post }: { post: BlogPost | null }) {
  const form = useForm(BlogPostForm, {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    featuredImage: post?.featuredImage ?? '',
    tags: post?.tags ?? ([] as string[]),
    status: post?.status ?? ('draft' as BlogPost['status']),
  });
  const { values, errors } = form;
  const [tagDraft, setTagDraft] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [progress, setProgress] = useState<number | null>(null);

  function addTag() {
    const tag = tagDraft.trim().replace(/,$/, '');
    if (!tag) return;
    if (tag.length > 30) return form.setError('tags', 'Each tag must be 1 to 30 characters');
    if (values.tags.length >= MAX_TAGS) return form.setError('tags', `Use at most ${MAX_TAGS} tags`);
    if (!values.tags.includes(tag)) form.set('tags', [...values.tags, tag]);
    setTagDraft('');
    form.setError('tags');
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag();
    } else if (event.key === 'Backspace' && !tagDraft && values.tags.length) {
      form.set('tags', values.tags.slice(0, -1));
    }
  }

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) return form.setError('featuredImage', IMAGE_TOO_LARGE_FIELD_ERROR);
    try {
      setProgress(0);
      form.set('featuredImage', await uploadImage(file, setProgress));
      form.setError('featuredImage');
    } catch (error) {
      toast({ title: 'Image upload failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  const submit = form.submit(
    async (data) => {
      const body = { ...data, slug: data.slug || null, featuredImage: data.featuredImage || null };
      const saved = await unwrap(post ? blogPost(post.id).put(body) : api.blog.post(body));
      toast({
        title: post ? 'Post updated' : 'Post created',
        description: saved.status === 'published' ? `Published at /blog/${saved.slug}` : `Saved as ${saved.status}.`,
        variant: 'success',
      });
      navigate('/blog/admin');
    },
    {
      fallback: 'Failed to save blog post',
      onError: (description) => toast({ title: 'Error', description, variant: 'destructive' }),
      onInvalid: (found) => found.content && setTab('write'),
    },
  );

  return (
    <div className="container-page max-w-3xl py-6 sm:py-10">
      <a href="/blog/admin" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        ← Blog Management
      </a>
      <h1 className="mt-2 text-3xl font-bold">{post ? 'Edit Post' : 'Create Post'}</h1>
      <form noValidate onSubmit={submit} className="card mt-6 space-y-5 p-5 sm:p-6">
        <Field label="Title" maxLength={200} {...form.bind('title')} />
        <Field
          label="Slug"
          maxLength={80}
          placeholder={slugify(values.title)}
          hint={`The post's address: /blog/${values.slug || slugify(values.title)}. Leave empty to use the title.`}
          {...form.bind('slug')}
          onChange={(e) => form.set('slug', e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, '-'))}
        />
        <Field
          as="textarea"
          label="Excerpt"
          className="[&_textarea]:min-h-20"
          maxLength={500}
          hint="One or two sentences shown on the blog list."
          {...form.bind('excerpt')}
        />
        <ContentEditor
          value={values.content}
          onChange={(next) => form.set('content', next)}
          error={errors.content}
          tab={tab}
          setTab={setTab}
        />

        <div>
          <label htmlFor="field-tags" className="label">
            Tags
          </label>
          <div className="input flex flex-wrap items-center gap-1.5 py-2">
            {values.tags.map((tag) => (
              <span key={tag} className="badge gap-1 bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  className="-mr-1 rounded-full px-1 hover:bg-brand-200 dark:hover:bg-brand-800"
                  onClick={() =>
                    form.set(
                      'tags',
                      values.tags.filter((t) => t !== tag),
                    )
                  }
                >
                  ×
                </button>
              </span>
            ))}
            <input
              id="field-tags"
              name="tags"
              className="min-w-32 flex-1 bg-transparent outline-none"
              placeholder={values.tags.length ? '' : 'Type a tag, press Enter'}
              value={tagDraft}
              onChange={(e) => setTagDraft(e.target.value)}
              onKeyDown={onTagKey}
              onBlur={addTag}
            />
          </div>
          {errors.tags ? (
            <p className="field-error">{errors.tags}</p>
          ) : (
            <p className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">Up to {MAX_TAGS} tags; readers filter the blog by them.</p>
          )}
        </div>

        <div>
          <label htmlFor="field-featuredImage" className="label">
            Featured image
          </label>
          {values.featuredImage && (
            <img
              src={values.featuredImage}
              alt="Featured image preview"
              className="mb-3 aspect-[16/9] w-full max-w-md rounded-xl object-cover"
            />
          )}
          <input
            id="field-featuredImage"
            name="featuredImage"
            type="file"
            accept="image/*"
            className="block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 dark:file:bg-brand-900/50 dark:file:text-brand-100"
            onChange={(e) => void chooseImage(e.target.files?.[0])}
          />
          {progress !== null && (
            <p className="mt-1 text-xs text-fog-600 dark:text-fog-400" role="status">
              Uploading image... {progress}%
            </p>
          )}
          {errors.featuredImage && <p className="field-error">{errors.featuredImage}</p>}
          {values.featuredImage && (
            <button type="button" className="btn-ghost mt-2 px-3 py-1 text-sm" onClick={() => form.set('featuredImage', '')}>
              Remove image
            </button>
          )}
        </div>

        <Field
          as="select"
          label="Status"
          className="[&_select]:sm:w-56"
          options={BLOG_STATUS_CHOICES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
          {...form.bind('status')}
        />

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => goBack('/blog/admin')}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={form.pending}>
            {form.pending ? 'Saving...' : post ? 'Save Post' : 'Create Post'}
          </button>
        </div>
      </form>
    </div>
  );
}
