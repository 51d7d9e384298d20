// The class form's state and submit, for each mode of the one form: create, duplicate (prefilled) and edit
// (?edit={id}; a session of a series chooses its scope). The page's rules come from form-rules.ts; what is
// sent is the class resource: POST /api/classes, or PATCH /api/classes/{id}?scope=...
import { useMemo, useState } from 'react';
import type { Recurrence as ResourceRecurrence, Scope } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { pacificWeekday } from '../../../../common/pacific';
import { api, unwrap } from '../../../lib/api';
import { useForm } from '../../../lib/form';
import { toast } from '../../../lib/stores/toast';
import { navigate } from '../../router';
import { classFormRules, classValuesFrom, emptyClassValues, pacificInstant, toClassChanges, toNewClass } from './form-rules';
import { useImageChoice } from './ImagePicker';
import type { Recurrence } from './RecurrenceDialog';
import { toOutdoorFields, useOutdoorValues } from './OutdoorFields';
import { draftProblem, type PolicyDraft, policyBody } from '../../components/PolicyEditor';

/** The class form's policy choice: the class's own (an override) or its coach's. */
export interface ClassPolicyChoice {
  own: boolean;
  draft: PolicyDraft;
}

function classPolicyChoice(existing: ClassJson | null): ClassPolicyChoice {
  const read = existing?.cancellationPolicy;
  return {
    own: read?.source === 'class',
    draft: read
      ? { preset: read.preset, tiers: read.tiers.map((t) => ({ ...t })), creditPercent: read.creditPercent, passRules: read.passRules }
      : { preset: 'moderate', tiers: [{ hoursBefore: 48, refundPercent: 100 }], creditPercent: null },
  };
}

export type FormMode = 'create' | 'edit' | 'duplicate';

/** The dialog's draft as the resource's nested recurrence. */
function toRecurrence(r: Recurrence): ResourceRecurrence {
  return {
    type: r.type,
    interval: r.interval,
    daysOfWeek: r.type === 'weekly' ? r.daysOfWeek : [],
    endType: r.endType,
    endDate: r.endType === 'date' ? r.endDate : null,
    endCount: r.endType === 'count' ? r.endCount : null,
  };
}

export function useClassForm({ existing, mode, isAdmin }: { existing: ClassJson | null; mode: FormMode; isAdmin: boolean }) {
  const isEdit = mode === 'edit';
  const rules = useMemo(() => classFormRules({ creating: !isEdit, needsCoach: isAdmin && !isEdit }), [isEdit, isAdmin]);
  const form = useForm(rules, existing ? classValuesFrom(existing, mode === 'duplicate') : emptyClassValues());
  const [repeat, setRepeat] = useState(false);
  const [recurrence, setRecurrence] = useState<Recurrence>(() => ({
    type: 'weekly',
    interval: 1,
    daysOfWeek: [pacificWeekday(pacificInstant(form.values.start.date, form.values.start.time))],
    endType: 'count',
    endDate: '',
    endCount: 10,
  }));
  const [scope, setScope] = useState<Scope>('this');
  const image = useImageChoice();
  const outdoor = useOutdoorValues(existing, !isEdit, form.values.ageGroup);
  // The class's own cancellation policy (issue 20), or its coach's (the default).
  const [policy, setPolicy] = useState<ClassPolicyChoice>(() => classPolicyChoice(existing));

  async function save(values: typeof form.values) {
    let imageUrl = values.image;
    try {
      imageUrl = await image.upload(values.image);
    } catch {
      toast({
        title: 'Image upload failed',
        description: isEdit ? 'The class is saved without the new image.' : 'The class will be created without an image.',
        variant: 'destructive',
      });
    }
    const filled = { ...values, image: imageUrl };
    const cancellationPolicy = policy.own ? policyBody(policy.draft) : null;
    if (isEdit) {
      const saved = await unwrap(
        api
          .classes({ id: existing!.id })
          .patch({ ...toClassChanges(filled), ...toOutdoorFields(outdoor.values), cancellationPolicy }, { query: { scope } }),
      );
      toast({
        title: 'Class updated',
        description:
          saved.locationNotice ??
          (saved.updatedCount && saved.updatedCount > 1 ? `${saved.updatedCount} sessions updated.` : 'Your changes are saved.'),
        variant: 'success',
      });
      navigate(isAdmin ? '/admin?tab=classes' : '/my-classes');
      return;
    }
    const created = await unwrap(
      api.classes.post({
        ...toNewClass(filled, repeat ? toRecurrence(recurrence) : null, isAdmin),
        ...toOutdoorFields(outdoor.values),
        cancellationPolicy,
      }),
    );
    toast({
      title: 'Class created',
      description:
        [created.sessionCount > 1 ? `${created.sessionCount} sessions scheduled.` : null, created.locationNotice]
          .filter(Boolean)
          .join(' ') || 'Your class is live.',
      variant: 'success',
    });
    // Coaches see it in their calendar; an admin (who has none) in the class table.
    navigate(isAdmin ? '/admin?tab=classes' : '/my-calendar');
  }

  const submit = form.submit(save, {
    fallback: 'Please check the form and try again.',
    stayPending: true,
    onError: (message) =>
      toast({ title: isEdit ? 'Error updating class' : 'Error creating class', description: message, variant: 'destructive' }),
  });

  /** A policy of the class's own that cannot be saved stops the form with its reason. */
  const onSubmit: typeof submit = (event) => {
    const problem = policy.own ? draftProblem(policy.draft) : null;
    if (problem) {
      event?.preventDefault();
      toast({ title: isEdit ? 'Error updating class' : 'Error creating class', description: problem, variant: 'destructive' });
      return Promise.resolve();
    }
    return submit(event);
  };

  return {
    form,
    isEdit,
    repeat,
    setRepeat,
    recurrence,
    setRecurrence,
    scope,
    setScope,
    image,
    outdoor,
    policy,
    setPolicy,
    onSubmit,
    toRecurrence,
  };
}
