// /blog/admin/create and /blog/admin/edit/{id} (admin only): the post form with title, slug, excerpt, a
// content editor with a formatting toolbar and a sandboxed preview, tags, featured image and status.
import { useStore } from '@nanostores/react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { BLOG_STATUS_CHOICES, BlogPostForm, type BlogPostFormInput, MAX_TAGS, slugify } from '../../../../api/blog-admin/model';
import type { BlogPost } from '../../../../api/blog/model';
import { ApiError, apiGet, apiPost, apiPut, errorMessage } from '../../../lib/api-client';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import type { ScreenProps } from '../../router';
import { goBack, navigate } from '../../router';
import { Field } from '../class-form/ClassFormScreen';
import { MAX_IMAGE_BYTES, uploadImage } from '../class-form/upload';
import { ADMIN_ONLY } from './BlogAdminScreen';

type Values = { title: string; slug: string; excerpt: string; content: string; featuredImage: string; tags: string[]; status: BlogPost['status'] };
type Errors = Partial<Record<keyof Values, string>>;

const TOOLS: { label: string; before: string; after: string; placeholder: string }[] = [
  { label: 'Heading', before: '<h2>', after: '</h2>', placeholder: 'Heading' },
  { label: 'Bold', before: '<strong>', after: '</strong>', placeholder: 'bold text' },
  { label: 'Italic', before: '<em>', after: '</em>', placeholder: 'italic text' },
  { label: 'Paragraph', before: '<p>', after: '</p>', placeholder: 'Paragraph' },
  { label: 'List', before: '<ul>\n  <li>', after: '</li>\n</ul>', placeholder: 'List item' },
  { label: 'Quote', before: '<blockquote>', after: '</blockquote>', placeholder: 'Quote' },
  { label: 'Link', before: '<a href="https://">', after: '</a>', placeholder: 'link text' },
];

export default function BlogPostFormScreen({ params }: ScreenProps) {
  const user = useStore($user);
  const [post, setPost] = useState<BlogPost | null | 'missing'>(params.id ? null : 'missing');
  useEffect(() => {
    if (!params.id || user?.role !== 'admin') return;
    apiGet<BlogPost>(`/api/blog/admin/${encodeURIComponent(params.id)}`)
      .then(setPost)
      .catch(() => setPost('missing'));
  }, [params.id, user?.role]);

  if (user?.role !== 'admin') return <AccessDenied message={ADMIN_ONLY} />;
  if (post === null) return <Spinner />;
  if (params.id && post === 'missing') {
    return (
      <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
        <div className="card w-full max-w-md p-8 text-center">
          <h1 className="text-2xl font-bold">Post Not Found</h1>
          <p className="mt-2 text-fog-600 dark:text-fog-400">The blog post you're looking for doesn't exist or has been removed.</p>
          <a href="/blog/admin" className="btn-primary mt-6">Back to Blog Management</a>
        </div>
      </div>
    );
  }
  return <PostForm post={post === 'missing' ? null : post} />;
}

function PostForm({ post }: { post: BlogPost | null }) {
  const [values, setValues] = useState<Values>({
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    featuredImage: post?.featuredImage ?? '',
    tags: post?.tags ?? [],
    status: post?.status ?? 'draft',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [tagDraft, setTagDraft] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  function applyTool(tool: (typeof TOOLS)[number]) {
    const area = editor.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end, value } = area;
    const selected = value.slice(start, end) || tool.placeholder;
    const next = value.slice(0, start) + tool.before + selected + tool.after + value.slice(end);
    set('content', next);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(start + tool.before.length, start + tool.before.length + selected.length);
    });
  }

  function addTag() {
    const tag = tagDraft.trim().replace(/,$/, '');
    if (!tag) return;
    if (tag.length > 30) return setErrors((e) => ({ ...e, tags: 'Each tag must be 1 to 30 characters' }));
    if (values.tags.length >= MAX_TAGS) return setErrors((e) => ({ ...e, tags: `Use at most ${MAX_TAGS} tags` }));
    if (!values.tags.includes(tag)) set('tags', [...values.tags, tag]);
    setTagDraft('');
    setErrors((e) => ({ ...e, tags: undefined }));
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag();
    } else if (event.key === 'Backspace' && !tagDraft && values.tags.length) {
      set('tags', values.tags.slice(0, -1));
    }
  }

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) return setErrors((e) => ({ ...e, featuredImage: 'The image must be 10MB or smaller' }));
    try {
      setProgress(0);
      set('featuredImage', await uploadImage(file, setProgress));
      setErrors((e) => ({ ...e, featuredImage: undefined }));
    } catch (error) {
      toast({ title: 'Image upload failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: BlogPostFormInput = { ...values, slug: values.slug || null, featuredImage: values.featuredImage || null };
    const check = v.safeParse(BlogPostForm, body);
    const found: Errors = {};
    if (!check.success) for (const issue of check.issues) {
      const key = String(issue.path?.[0]?.key ?? '') as keyof Errors;
      if (key && !found[key]) found[key] = issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      if (found.content) setTab('write');
      document.getElementById(`field-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = post ? await apiPut<BlogPost>(`/api/blog/${post.id}`, body) : await apiPost<BlogPost>('/api/blog', body);
      toast({ title: post ? 'Post updated' : 'Post created', description: saved.status === 'published' ? `Published at /blog/${saved.slug}` : `Saved as ${saved.status}.`, variant: 'success' });
      navigate('/blog/admin');
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0]])));
      toast({ title: 'Error', description: errorMessage(error, 'Failed to save blog post'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const previewDoc = `<!doctype html><html><head><meta charset="utf-8"><style>body{font:16px/1.65 system-ui,sans-serif;color:#141b20;margin:16px;white-space:${/<(p|h[1-6]|ul|ol|blockquote|div)\b/i.test(values.content) ? 'normal' : 'pre-line'}}img{max-width:100%}h2{font-size:1.4em}a{color:#14766d}blockquote{border-left:3px solid #a8e2d9;margin:0;padding-left:12px;color:#4c5963}</style></head><body>${values.content}</body></html>`;

  return (
    <div className="container-page max-w-3xl py-6 sm:py-10">
      <a href="/blog/admin" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">← Blog Management</a>
      <h1 className="mt-2 text-3xl font-bold">{post ? 'Edit Post' : 'Create Post'}</h1>
      <form noValidate onSubmit={submit} className="card mt-6 space-y-5 p-5 sm:p-6">
        <Field label="Title" name="title" error={errors.title}>
          <input id="field-title" className="input" maxLength={200} value={values.title} onChange={(e) => set('title', e.target.value)} aria-invalid={!!errors.title} />
        </Field>
        <Field label="Slug" name="slug" error={errors.slug} hint={`The post's address: /blog/${values.slug || slugify(values.title)}. Leave empty to use the title.`}>
          <input id="field-slug" className="input" maxLength={80} placeholder={slugify(values.title)} value={values.slug} onChange={(e) => set('slug', e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, '-'))} />
        </Field>
        <Field label="Excerpt" name="excerpt" error={errors.excerpt} hint="One or two sentences shown on the blog list.">
          <textarea id="field-excerpt" className="input min-h-20" maxLength={500} value={values.excerpt} onChange={(e) => set('excerpt', e.target.value)} />
        </Field>

        <div>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor="field-content" className="label">Content</label>
            <div role="tablist" aria-label="Editor mode" className="mb-1.5 flex gap-1 rounded-full bg-fog-100 p-1 text-xs dark:bg-fog-800">
              {(['write', 'preview'] as const).map((mode) => (
                <button key={mode} type="button" role="tab" aria-selected={tab === mode} onClick={() => setTab(mode)} className={`rounded-full px-3 py-1 font-semibold capitalize ${tab === mode ? 'bg-white shadow-sm dark:bg-fog-900' : 'text-fog-600 dark:text-fog-300'}`}>
                  {mode}
                </button>
              ))}
            </div>
          </div>
          {tab === 'write' ? (
            <>
              <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 rounded-t-xl border border-b-0 border-fog-300 bg-fog-50 p-1.5 dark:border-fog-700 dark:bg-fog-900">
                {TOOLS.map((tool) => (
                  <button key={tool.label} type="button" className="rounded-lg px-2.5 py-1 text-xs font-semibold text-fog-700 hover:bg-fog-200 dark:text-fog-200 dark:hover:bg-fog-800" onClick={() => applyTool(tool)}>
                    {tool.label}
                  </button>
                ))}
              </div>
              <textarea
                id="field-content"
                ref={editor}
                className="input min-h-72 rounded-t-none font-mono text-sm"
                value={values.content}
                onChange={(e) => set('content', e.target.value)}
                aria-invalid={!!errors.content}
                aria-describedby="field-content-hint"
              />
              <p id="field-content-hint" className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">HTML or plain text; line breaks are kept. Scripts and unsafe markup are removed when you save.</p>
            </>
          ) : (
            <iframe title="Content preview" sandbox="" srcDoc={previewDoc} className="h-96 w-full rounded-xl border border-fog-300 bg-white dark:border-fog-700" />
          )}
          {errors.content && <p className="field-error">{errors.content}</p>}
        </div>

        <div>
          <label htmlFor="field-tags" className="label">Tags</label>
          <div className="input flex flex-wrap items-center gap-1.5 py-2">
            {values.tags.map((tag) => (
              <span key={tag} className="badge gap-1 bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                {tag}
                <button type="button" aria-label={`Remove tag ${tag}`} className="-mr-1 rounded-full px-1 hover:bg-brand-200 dark:hover:bg-brand-800" onClick={() => set('tags', values.tags.filter((t) => t !== tag))}>×</button>
              </span>
            ))}
            <input id="field-tags" className="min-w-32 flex-1 bg-transparent outline-none" placeholder={values.tags.length ? '' : 'Type a tag, press Enter'} value={tagDraft} onChange={(e) => setTagDraft(e.target.value)} onKeyDown={onTagKey} onBlur={addTag} />
          </div>
          {errors.tags ? <p className="field-error">{errors.tags}</p> : <p className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">Up to {MAX_TAGS} tags; readers filter the blog by them.</p>}
        </div>

        <div>
          <label htmlFor="field-featuredImage" className="label">Featured image</label>
          {values.featuredImage && <img src={values.featuredImage} alt="Featured image preview" className="mb-3 aspect-[16/9] w-full max-w-md rounded-xl object-cover" />}
          <input id="field-featuredImage" type="file" accept="image/*" className="block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 dark:file:bg-brand-900/50 dark:file:text-brand-100" onChange={(e) => void chooseImage(e.target.files?.[0])} />
          {progress !== null && <p className="mt-1 text-xs text-fog-600 dark:text-fog-400" role="status">Uploading image... {progress}%</p>}
          {errors.featuredImage && <p className="field-error">{errors.featuredImage}</p>}
          {values.featuredImage && (
            <button type="button" className="btn-ghost mt-2 px-3 py-1 text-sm" onClick={() => set('featuredImage', '')}>Remove image</button>
          )}
        </div>

        <Field label="Status" name="status" error={errors.status}>
          <select id="field-status" className="input sm:w-56" value={values.status} onChange={(e) => set('status', e.target.value as Values['status'])}>
            {BLOG_STATUS_CHOICES.map((s) => (
              <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>
            ))}
          </select>
        </Field>

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => goBack('/blog/admin')}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Saving...' : post ? 'Save Post' : 'Create Post'}</button>
        </div>
      </form>
    </div>
  );
}
