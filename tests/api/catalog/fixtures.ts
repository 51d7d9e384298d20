// Catalogue test data written straight through the write queue: categories, coaches, classes, bookings,
// reviews and blog posts, with times relative to the test clock.
import type { AppContext } from '../../../api/context';
import { blogPosts, bookings, categories, classes, reviews, users } from '../../../db/schema';

type NewClass = typeof classes.$inferInsert;
type NewUser = typeof users.$inferInsert;
type NewPost = typeof blogPosts.$inferInsert;

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export async function addCategory(ctx: AppContext, name: string): Promise<number> {
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(categories)
      .values({ name, image: `/images/categories/${name.toLowerCase()}.svg` })
      .returning(),
  );
  return row!.id;
}

let userCounter = 0;
export async function addUser(ctx: AppContext, values: Partial<NewUser> = {}): Promise<number> {
  userCounter++;
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(users)
      .values({
        email: `user${userCounter}-${Math.random().toString(36).slice(2)}@example.test`,
        firstName: 'Test',
        lastName: `User${userCounter}`,
        role: 'customer',
        ...values,
      })
      .returning(),
  );
  return row!.id;
}

export const addCoach = (ctx: AppContext, values: Partial<NewUser> = {}) => addUser(ctx, { role: 'coach', isApproved: true, ...values });

export async function addClass(ctx: AppContext, values: Partial<NewClass> & { coachId: number }): Promise<number> {
  const start = values.startTime ?? new Date(ctx.clock.now().getTime() + 2 * DAY);
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(classes)
      .values({
        title: 'Class',
        description: 'A class in the park',
        priceCents: 2500,
        capacity: 10,
        location: 'Dolores Park',
        address: '19th St & Dolores St, San Francisco, CA 94114',
        city: 'San Francisco',
        startTime: start,
        endTime: start ? new Date(start.getTime() + HOUR) : null,
        ...values,
      })
      .returning(),
  );
  return row!.id;
}

export async function addBooking(
  ctx: AppContext,
  values: {
    classId: number;
    userId: number;
    status: 'pending' | 'confirmed' | 'cancelled';
    quantity?: number;
    holdExpiresAt?: Date | null;
  },
): Promise<number> {
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(bookings)
      .values({ quantity: 1, ...values })
      .returning(),
  );
  return row!.id;
}

export async function addReview(
  ctx: AppContext,
  values: { classId: number; userId: number; coachId: number; rating: number; comment?: string; at?: Date },
): Promise<number> {
  const bookingId = await addBooking(ctx, { classId: values.classId, userId: values.userId, status: 'confirmed' });
  const at = values.at ?? ctx.clock.now();
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(reviews)
      .values({
        classId: values.classId,
        bookingId,
        userId: values.userId,
        coachId: values.coachId,
        rating: values.rating,
        comment: values.comment ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
  );
  return row!.id;
}

export async function addPost(ctx: AppContext, values: Partial<NewPost> & { slug: string }): Promise<number> {
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(blogPosts)
      .values({ title: values.slug, status: 'published', publishedAt: ctx.clock.now(), ...values })
      .returning(),
  );
  return row!.id;
}
