// The profile's Cancellation policy tab (issue 20): the coach's policy for every class without its own, with the
// presets and custom tiers, and credit offered instead of a refund. Bookings already made keep their terms.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/stores/toast';
import { draftProblem, type PolicyDraft, PolicyEditor, policyBody } from '../../components/PolicyEditor';

export function PolicyTab() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['coach-policy'], queryFn: () => unwrap(api.coaches.me.policy.get()) });
  const [draft, setDraft] = useState<PolicyDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (current.data && !draft) setDraft({ ...current.data.policy, tiers: current.data.policy.tiers.map((t) => ({ ...t })) });
  }, [current.data, draft]);

  async function save() {
    if (!draft) return;
    const problem = draftProblem(draft);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      const saved = await unwrap(api.coaches.me.policy.put(policyBody(draft)));
      queryClient.setQueryData(['coach-policy'], saved);
      toast({ title: 'Cancellation policy saved', description: 'New bookings of your classes get it from now on.', variant: 'success' });
    } catch (e) {
      setError(errorMessage(e, 'Something went wrong. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  if (current.isError && !current.data)
    return (
      <div role="alert">
        <p>Your cancellation policy could not be loaded.</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void current.refetch()}>
          Retry
        </button>
      </div>
    );
  if (!draft || !current.data) return <div className="skeleton h-64 w-full" aria-label="Loading your cancellation policy" />;
  return (
    <section aria-labelledby="policy-title">
      <h2 id="policy-title" className="text-lg font-semibold">
        Cancellation policy
      </h2>
      <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
        What customers get back when they cancel a booking of your classes. Each booking keeps the policy it was booked under: a change
        applies to new bookings only. If you cancel, move or delete a class, your customers are always refunded in full.
      </p>
      {current.data.classOverrides > 0 && (
        <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">
          {current.data.classOverrides === 1 ? '1 class has' : `${current.data.classOverrides} classes have`} a policy of
          {current.data.classOverrides === 1 ? ' its' : ' their'} own (set on the class), which this does not change.
        </p>
      )}
      <div className="mt-5">
        <PolicyEditor value={draft} onChange={setDraft} disabled={saving} />
      </div>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {error}
        </p>
      )}
      <button type="button" className="btn-primary mt-5" disabled={saving} onClick={() => void save()}>
        {saving ? 'Saving...' : 'Save policy'}
      </button>
    </section>
  );
}
