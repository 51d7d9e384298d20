// The public pages' data through the render cache, each with the tags that the cache_tags triggers bump
// (db/migrations/0004): a page is dropped exactly when something it shows is written. A composition root like
// api/app.ts: it hands the catalogue's, the blog's and the conditions' loaders to the render cache (cachedData),
// which knows no feature; the server-rendered pages (site/pages) call these.
import type { AppContext } from './context';
import { getPostBySlug, listPublishedPosts } from './blog/service';
import { DomainError } from './errors';
import type { ClassFilters } from '../common/class-filters';
import { classFiltersToQuery } from '../common/class-filters';
import { browsePageData, classPageData, coachDirectoryData, coachPageData, homePageData } from './catalog/page-data';
import { classConditions } from './conditions/service';
import { cachedData, type RenderScope } from './render-cache';

type Locals = { ctx: AppContext; renderScope?: RenderScope };

/** Any class added, edited or deleted (lists, cities, featured). */
const CLASSES = 'classes';
/** Any coach approved or edited, or any review (ratings order the coach lists). */
const COACHES = 'coaches';
const CATEGORIES = 'categories';
const BLOG = 'blog';
const classTag = (id: number) => `class:${id}`;
const coachTag = (id: number) => `coach:${id}`;

/** For pages that read no user outside the layout's header and bottom bar (the class page's booking card and
 * the blog's admin links do): signed-in visitors get the anonymous page with their own header spliced in. */
const SHARED = { sameForEveryone: true };

/** A class card shows the class's spots and its coach's name and rating. */
const cardTags = (items: readonly { id: number; coachId: number }[]) => items.flatMap((c) => [classTag(c.id), coachTag(c.coachId)]);

export function cachedHomePageData(locals: Locals) {
  return cachedData(
    locals,
    'home',
    () => homePageData(locals.ctx),
    (d) =>
      d.classes && d.coaches && d.categories && d.cities
        ? { tags: [CLASSES, COACHES, CATEGORIES, ...cardTags(d.classes)], classes: d.classes }
        : null,
    SHARED,
  );
}

export function cachedBrowsePageData(locals: Locals, filters: ClassFilters, pageSize: number) {
  return cachedData(
    locals,
    `browse:${pageSize}:${classFiltersToQuery(filters)}`,
    () => browsePageData(locals.ctx, filters, pageSize),
    (d) => (d.page ? { tags: [CLASSES, COACHES, CATEGORIES, ...cardTags(d.page.items)], classes: d.page.items } : null),
    SHARED,
  );
}

/** The class page's data and its outdoor conditions (read from the forecast cache; a failure shows none). */
async function classPageWithConditions(ctx: AppContext, id: number) {
  const page = await classPageData(ctx, id);
  if (!page) return null;
  const read = await classConditions(ctx, id).catch((error) => {
    console.error('[catalog] class conditions', error);
    return null;
  });
  return { ...page, conditions: read ? { conditions: read.conditions, watch: read.watch } : null, conditionsTags: read?.tags ?? [] };
}

export function cachedClassPageData(locals: Locals, id: number) {
  return cachedData(
    locals,
    `class:${id}`,
    () => classPageWithConditions(locals.ctx, id),
    (d) => {
      if (!d) return null;
      const { item } = d;
      // A series session's schedule is drawn from its parent row; the coach tab and reviews from the coach; the
      // forecast from its cache rows (their triggers bump 'conditions:<key>' when the job writes a newer one).
      const tags = [
        classTag(item.id),
        coachTag(item.coachId),
        CATEGORIES,
        ...(item.parentClassId !== null ? [classTag(item.parentClassId)] : []),
        ...d.conditionsTags,
      ];
      return { tags, classes: [item] };
    },
  );
}

export function cachedCoachesData(locals: Locals, q: string, pageSize: number) {
  return cachedData(
    locals,
    `coaches:${pageSize}:${q.trim().toLowerCase()}`,
    () => coachDirectoryData(locals.ctx, q, pageSize),
    (d) => (d ? { tags: [COACHES, CATEGORIES] } : null),
    SHARED,
  );
}

export function cachedCoachPageData(locals: Locals, id: number) {
  return cachedData(
    locals,
    `coach:${id}`,
    () => coachPageData(locals.ctx, id),
    (d) => {
      if (!d) return null;
      const shown = [...d.upcoming.items, ...d.past.items];
      return { tags: [coachTag(id), CATEGORIES, ...shown.map((c) => classTag(c.id))], classes: shown };
    },
    SHARED,
  );
}

export function cachedPublishedPosts(locals: Locals) {
  return cachedData(
    locals,
    'blog',
    () => listPublishedPosts(locals.ctx.db),
    () => ({ tags: [BLOG] }),
  );
}

/** A post by slug (drafts too for admins, kept apart), or null when there is none. */
export function cachedPostBySlug(locals: Locals, slug: string, includeUnpublished: boolean) {
  return cachedData(
    locals,
    `post:${includeUnpublished ? 'all' : 'published'}:${slug}`,
    async () => {
      try {
        return await getPostBySlug(locals.ctx.db, slug, { includeUnpublished });
      } catch (error) {
        if (error instanceof DomainError && error.status === 404) return null;
        throw error;
      }
    },
    (post) => (post ? { tags: [`post:${post.id}`] } : null),
  );
}
