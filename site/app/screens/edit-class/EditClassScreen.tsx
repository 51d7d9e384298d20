// /edit-class/{id}: the simpler edit form with its own rules (coach-admin-areas §5); owner coach or admin.
// Class Not Found for a missing class, Access Denied for anyone else; success goes to /my-calendar. It sends
// the subset it shows as the class resource: PUT /api/classes/{id}?scope=...
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { DURATION_CHOICES, type Scope } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { api, unwrap } from '../../../lib/api';
import { Field, SubmitButton, useForm } from '../../../lib/form';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import type { ScreenProps } from '../../router';
import { goBack, navigate } from '../../router';
import { editPageChanges, EditPageRules, editPageValuesFrom } from '../class-form/form-rules';
import { ClassNotFound, ScopeChoice, SeriesNote } from '../class-form/parts';
import { useManagedClass } from '../class-form/use-class-loader';

const DENIED = "Only the class's coach or an admin can edit it.";

export default function EditClassScreen({ params }: ScreenProps) {
  const user = useStore($user);
  if (!user) return <Spinner />;
  if (user.role !== 'admin' && user.role !== 'coach') return <AccessDenied message={DENIED} />;
  return <EditClassLoader id={params.id ?? ''} user={user} />;
}

function EditClassLoader({ id, user }: { id: string; user: { id: number; role: string } }) {
  const cls = useManagedClass(id, user);
  if (cls === null) return <Spinner />;
  if (cls === 'missing') return <ClassNotFound />;
  if (cls === 'denied') return <AccessDenied message={DENIED} />;
  return <EditForm cls={cls} isAdmin={user.role === 'admin'} />;
}

function EditForm({ cls, isAdmin }: { cls: ClassJson; isAdmin: boolean }) {
  const form = useForm(EditPageRules, editPageValuesFrom(cls));
  const { bind } = form;
  const [scope, setScope] = useState<Scope>('this');
  const isParent = cls.isRecurring && cls.parentClassId === null;
  const isSession = cls.parentClassId !== null;
  const durations: number[] = DURATION_CHOICES.includes(cls.duration as never)
    ? [...DURATION_CHOICES]
    : [...DURATION_CHOICES, cls.duration].sort((a, b) => a - b);

  const onSubmit = form.submit(
    async (values) => {
      const saved = await unwrap(api.classes({ id: cls.id }).put(editPageChanges(values), { query: { scope } }));
      toast({
        title: 'Class updated',
        description:
          saved.locationNotice ??
          (saved.updatedCount && saved.updatedCount > 1 ? `${saved.updatedCount} sessions updated.` : 'Your changes are saved.'),
        variant: 'success',
      });
      // Coaches land on their calendar; admins (who have none) on the class table.
      navigate(isAdmin ? '/admin?tab=classes' : '/my-calendar');
    },
    {
      fallback: 'Please check the form and try again.',
      stayPending: true,
      onError: (message) => toast({ title: 'Error updating class', description: message, variant: 'destructive' }),
    },
  );

  return (
    <div className="container-page max-w-2xl py-6 sm:py-10">
      <h1 className="text-3xl font-bold">Edit Class</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">{cls.title}</p>
      {isParent && <SeriesNote />}
      <form noValidate onSubmit={onSubmit} className="card mt-6 space-y-5 p-5 sm:p-6">
        {isSession && <ScopeChoice scope={scope} onChange={setScope} />}
        <Field label="Title" maxLength={120} {...bind('title')} />
        <Field as="textarea" label="Description" rows={4} maxLength={5000} {...bind('description')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Location" maxLength={120} {...bind('location')} />
          <Field label="Address" maxLength={300} {...bind('address')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Start time (PT)" type="datetime-local" min="1900-01-01T00:00" step={1800} {...bind('startTime')} />
          <Field
            as="select"
            label="Duration"
            {...bind('duration')}
            options={durations.map((d) => ({ value: String(d), label: `${d} minutes` }))}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Price per person ($)" type="number" min={0} step="0.01" inputMode="decimal" {...bind('price')} />
          <Field label="Capacity" type="number" min={1} step={1} inputMode="numeric" {...bind('capacity')} />
        </div>
        <Field as="textarea" label="What to bring" hint="Optional" rows={3} maxLength={1000} {...bind('whatToBring')} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => goBack(isAdmin ? '/admin?tab=classes' : '/my-calendar')}>
            Cancel
          </button>
          <SubmitButton className="btn-primary" pending={form.pending} label="Save Changes" pendingLabel="Saving..." />
        </div>
      </form>
    </div>
  );
}
