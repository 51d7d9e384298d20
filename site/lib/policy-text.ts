// How a cancellation policy reads on the pages (issue 20): its name, and its tiers with their deadlines in Pacific
// time for one class ("Full refund until Friday, May 1 at 9:00 AM PT"). The sentence without dates is the API's
// `summary`.
import type { PolicyResource } from '../../api/policies/model';
import { dateAtTime } from './catalog';

const LABELS: Record<PolicyResource['preset'], string> = { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict', custom: 'Custom' };

export function policyLabel(preset: PolicyResource['preset']): string {
  return LABELS[preset];
}

/** Each tier as "Full refund until Friday, May 1 at 9:00 AM PT", then "No refund after that". */
export function datedTerms(policy: Pick<PolicyResource, 'tiers'>, startTime: string | null): string[] {
  if (!startTime) return [];
  const start = new Date(startTime).getTime();
  const lines = policy.tiers.map((tier) => {
    const until = new Date(start - tier.hoursBefore * 3_600_000).toISOString();
    return `${tier.refundPercent >= 100 ? 'Full refund' : `${tier.refundPercent}% refund`} until ${dateAtTime(until)}`;
  });
  return [...lines, 'No refund after that'];
}
