// A pass's terms in words, the same on the Pricing screen, the admin's list, the wallet and the pass checkout:
// "5 credits · valid 90 days · all classes", "Unlimited classes · billed monthly · pause up to 4 weeks a year".
import type { Coverage, PassKindName } from '../../api/passes/model';

interface Terms {
  kind: PassKindName;
  credits: number | null;
  validityDays?: number | null;
  billingPeriod: 'month' | 'week' | null;
  maxPauseWeeks: number | null;
  coverage: Coverage;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "All classes", or "Yoga, Running · Kids classes". */
export function coverageText(coverage: Coverage): string {
  if (coverage.allClasses || (coverage.categoryIds.length === 0 && coverage.ageGroups.length === 0)) return 'All classes';
  const ages = coverage.ageGroups.length ? [`${coverage.ageGroups.join(' and ')} classes`] : [];
  return [...coverage.categoryNames, ...ages].join(' · ');
}

export function passTerms(pass: Terms): string {
  if (pass.kind === 'membership') {
    const per = pass.billingPeriod ?? 'month';
    return [
      pass.credits === null ? 'Unlimited classes' : `${plural(pass.credits, 'class', 'classes')} a ${per} (no roll-over)`,
      `billed ${per === 'week' ? 'weekly' : 'monthly'}`,
      pass.maxPauseWeeks ? `pause up to ${plural(pass.maxPauseWeeks, 'week')} a year` : 'no pausing',
    ].join(' · ');
  }
  const parts = [plural(pass.credits ?? 1, 'credit'), pass.validityDays ? `valid ${plural(pass.validityDays, 'day')}` : null];
  if (pass.kind === 'intro') parts.push('new customers only, once');
  return parts.filter(Boolean).join(' · ');
}

/** Whether a pass bought with this coverage may pay for a class of this category and age group (the server
 * decides again when booking). */
export function coversClass(coverage: Coverage, cls: { categoryId: number | null; ageGroup: string | null }): boolean {
  if (coverage.allClasses) return true;
  const category = coverage.categoryIds.length === 0 || (cls.categoryId !== null && coverage.categoryIds.includes(cls.categoryId));
  const age = coverage.ageGroups.length === 0 || coverage.ageGroups.includes((cls.ageGroup || 'Adults') as 'Adults' | 'Kids');
  return category && age;
}
