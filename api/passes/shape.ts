// Passes and purchases as the API answers them: dollars, RFC 3339 instants, coverage with category names. Every
// route of api/passes answers through here, so no column leaks by accident.
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, type passes, type passPurchases } from '../../db/schema';
import { centsToDollars, priceBreakdown } from '../../common/money';
import type { Coverage, Pass } from './model';

type PassRow = typeof passes.$inferSelect;
type PurchaseRow = typeof passPurchases.$inferSelect;
type CoverageRow = Pick<PassRow, 'coversAllClasses' | 'categoryIds' | 'ageGroups'>;

/** Category names by id, for the coverage of these rows. */
export async function categoryNamesOf(db: Database, rows: CoverageRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.categoryIds ?? []))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids));
  return new Map(found.map((c) => [c.id, c.name]));
}

export function toCoverage(row: CoverageRow, names: Map<number, string>): Coverage {
  const categoryIds = row.coversAllClasses ? [] : (row.categoryIds ?? []);
  return {
    allClasses: row.coversAllClasses,
    categoryIds,
    categoryNames: categoryIds.map((id) => names.get(id) ?? 'Category removed'),
    ageGroups: row.coversAllClasses ? [] : (row.ageGroups ?? []),
  };
}

/** What the page says a pass costs a class: price / credits, to the cent. */
export function pricePerClassCents(row: Pick<PassRow, 'priceCents' | 'credits'>): number | null {
  return row.credits ? Math.round(row.priceCents / row.credits) : null;
}

export function toPassJson(row: PassRow, names: Map<number, string>): Pass {
  const perClass = pricePerClassCents(row);
  return {
    id: row.id,
    coachId: row.coachId,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    total: centsToDollars(priceBreakdown(row.priceCents, 1).totalCents),
    credits: row.credits,
    pricePerClass: perClass === null ? null : centsToDollars(perClass),
    validityDays: row.validityDays,
    billingPeriod: row.billingPeriod,
    maxPauseWeeks: row.maxPauseWeeks,
    coverage: toCoverage(row, names),
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The coverage a pass is saved with: it covers all classes when it names no category and no age group. */
export function coverageColumns(input: { categoryIds?: number[]; ageGroups?: ('Adults' | 'Kids')[] }) {
  const categoryIds = [...new Set(input.categoryIds ?? [])];
  const ageGroups = [...new Set(input.ageGroups ?? [])];
  return { categoryIds, ageGroups, coversAllClasses: categoryIds.length === 0 && ageGroups.length === 0 };
}

/** Everything a purchase copies from its pass at the moment it is bought. */
export function purchaseCopyOf(pass: PassRow) {
  return {
    passId: pass.id,
    coachId: pass.coachId,
    kind: pass.kind,
    name: pass.name,
    priceCents: pass.priceCents,
    credits: pass.credits,
    validityDays: pass.validityDays,
    coversAllClasses: pass.coversAllClasses,
    categoryIds: pass.categoryIds,
    ageGroups: pass.ageGroups,
    billingPeriod: pass.billingPeriod,
    maxPauseWeeks: pass.maxPauseWeeks,
  } satisfies Partial<PurchaseRow>;
}
