// /edit-class/{id}: the simpler edit form with its own rules (coach-admin-areas §5); owner coach or admin.
// Class Not Found for a missing class, Access Denied for anyone else; success goes to /my-calendar.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import * as v from 'valibot';
import { DURATION_CHOICES, EditClassForm, type EditClassFormInput } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { pacificDay, pacificHHMM } from '../../../../api/lib/pacific';
import { ApiError, apiGet, apiPut, errorMessage } from '../../../lib/api-client';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import type { ScreenProps } from '../../routes';
import { goBack, navigate } from '../../router';
import { ClassNotFound, Field, ScopeChoice } from '../class-form/ClassFormScreen';

type Values = Record<'title' | 'description' | 'price' | 'capacity' | 'location' | 'address' | 'duration' | 'startTime' | 'whatToBring', string>;

export default function EditClassScreen({ params }: ScreenProps) {
  const user = useStore($user);
  const [cls, setCls] = useState<ClassJson | null | 'missing'>(null);
  useEffect(() => {
    apiGet<ClassJson>(`/api/classes/${encodeURIComponent(params.id ?? '')}`)
      .then(setCls)
      .catch(() => setCls('missing'));
  }, [params.id]);

  if (!user) return <Spinner />;
  if (user.role !== 'admin' && user.role !== 'coach') return <AccessDenied message="Only the class's coach or an admin can edit it." />;
  if (cls === null) return <Spinner />;
  if (cls === 'missing') return <ClassNotFound />;
  if (user.role !== 'admin' && cls.coachId !== user.id) return <AccessDenied message="Only the class's coach or an admin can edit it." />;
  return <EditForm cls={cls} isAdmin={user.role === 'admin'} />;
}

function EditForm({ cls, isAdmin }: { cls: ClassJson; isAdmin: boolean }) {
  const [values, setValues] = useState<Values>({
    title: cls.title,
    description: cls.description ?? '',
    price: String(cls.price),
    capacity: String(cls.capacity),
    location: cls.location ?? '',
    address: cls.address ?? '',
    duration: String(cls.duration),
    startTime: cls.startTime ? `${pacificDay(cls.startTime)}T${pacificHHMM(cls.startTime)}` : '',
    whatToBring: cls.whatToBring ?? '',
  });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const [saving, setSaving] = useState(false);
  const isParent = cls.isRecurring && cls.parentClassId === null;
  const isSession = cls.parentClassId !== null;
  const durations: number[] = DURATION_CHOICES.includes(cls.duration as never) ? [...DURATION_CHOICES] : [...DURATION_CHOICES, cls.duration].sort((a, b) => a - b);

  const bind = (key: keyof Values) => ({
    id: `field-${key}`,
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `field-${key}-error` : undefined,
  });
  const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: EditClassFormInput = {
      form: 'edit-page',
      title: values.title,
      description: values.description,
      price: num(values.price),
      capacity: num(values.capacity),
      location: values.location,
      address: values.address,
      duration: num(values.duration),
      startTime: values.startTime,
      whatToBring: values.whatToBring || null,
      scope,
    };
    const check = v.safeParse(EditClassForm, body);
    const found: Partial<Values> = {};
    if (!check.success) for (const issue of check.issues) {
      const key = String(issue.path?.[0]?.key ?? '') as keyof Values;
      if (key && !found[key]) found[key] = issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`field-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await apiPut<{ updatedCount?: number; locationNotice: string | null }>(`/api/classes/${cls.id}`, body);
      toast({ title: 'Class updated', description: saved.locationNotice ?? (saved.updatedCount && saved.updatedCount > 1 ? `${saved.updatedCount} sessions updated.` : 'Your changes are saved.'), variant: 'success' });
      // Coaches land on their calendar; admins (who have none) on the class table.
      navigate(isAdmin ? '/admin?tab=classes' : '/my-calendar');
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0]])) as Partial<Values>);
      toast({ title: 'Error updating class', description: errorMessage(error, 'Please check the form and try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="container-page max-w-2xl py-6 sm:py-10">
      <h1 className="text-3xl font-bold">Edit Class</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">{cls.title}</p>
      {isParent && (
        <p className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100">
          This is a recurring series. Your changes apply to every session that has not started yet; each keeps its date and bookings.
        </p>
      )}
      <form noValidate onSubmit={submit} className="card mt-6 space-y-5 p-5 sm:p-6">
        {isSession && (
          <ScopeChoice scope={scope} onChange={setScope} />
        )}
        <Field label="Title" name="title" error={errors.title}>
          <input className="input" maxLength={120} {...bind('title')} />
        </Field>
        <Field label="Description" name="description" error={errors.description}>
          <textarea className="input min-h-28" maxLength={5000} {...bind('description')} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Location" name="location" error={errors.location}>
            <input className="input" maxLength={120} {...bind('location')} />
          </Field>
          <Field label="Address" name="address" error={errors.address}>
            <input className="input" maxLength={300} {...bind('address')} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Start time (PT)" name="startTime" error={errors.startTime}>
            <input type="datetime-local" className="input" min="1900-01-01T00:00" step={1800} {...bind('startTime')} />
          </Field>
          <Field label="Duration" name="duration" error={errors.duration}>
            <select className="input" {...bind('duration')}>
              {durations.map((d) => (
                <option key={d} value={d}>{d} minutes</option>
              ))}
            </select>
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Price per person ($)" name="price" error={errors.price}>
            <input type="number" min={0} step="0.01" inputMode="decimal" className="input" {...bind('price')} />
          </Field>
          <Field label="Capacity" name="capacity" error={errors.capacity}>
            <input type="number" min={1} step={1} inputMode="numeric" className="input" {...bind('capacity')} />
          </Field>
        </div>
        <Field label="What to bring" name="whatToBring" error={errors.whatToBring} hint="Optional">
          <textarea className="input min-h-20" maxLength={1000} {...bind('whatToBring')} />
        </Field>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => goBack(isAdmin ? '/admin?tab=classes' : '/my-calendar')}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Saving...' : 'Save Changes'}</button>
        </div>
      </form>
    </div>
  );
}
