// A class write's cancellation policy (issue 20): its own (an override of the coach's), or the coach's, copied.
import type { AppContext } from '../context';
import type { ClassPolicyField } from '../policies/model';
import { coachPolicyOf } from '../spots/policy-store';
import { normalizePolicy } from '../spots/refund-policy';
import type { NewClassRow } from './columns';

/** The policy columns of a write: a policy sent becomes the class's own; null (or the coach's policy as read back,
 * `source: 'coach'`) follows the coach's; not sent: a new class follows its coach, a change leaves it as it is. */
export async function policyColumns(
  ctx: AppContext,
  coachId: number,
  sent: ClassPolicyField | undefined,
  isNew: boolean,
): Promise<Partial<NewClassRow>> {
  if (sent === undefined && !isNew) return {};
  if (!sent || sent.source === 'coach') return { cancellationPolicy: await coachPolicyOf(ctx.db, coachId), ownCancellationPolicy: false };
  return { cancellationPolicy: normalizePolicy(sent), ownCancellationPolicy: true };
}
