// The blog and the contact form's messages.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

export const BLOG_STATUSES = ['published', 'draft', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''), // sanitized HTML
    featuredImage: text('featured_image'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    readTime: integer('read_time').notNull().default(1), // minutes
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('draft'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_status_idx').on(t.status, t.publishedAt)],
);

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
