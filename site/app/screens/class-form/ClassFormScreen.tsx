// /create-class: create a class (one-time or a recurring series), edit one (?edit={id} or ?id={id}), or
// duplicate one (navigation state { duplicateFrom }): one form, loaded by use-class-loader, run by
// use-class-form, with address autofill and the image picker beside it.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Category } from '../../../../api/catalog/model';
import { DURATION_CHOICES } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { formatHHMM } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { Field, SubmitButton } from '../../../lib/form';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import { goBack, navigate, useLocation, useQuery } from '../../router';
import { todayPacific } from '../calendar/month';
import { START_TIME_CHOICES } from './form-rules';
import ImagePicker from './ImagePicker';
import { DaylightWarning, OutdoorFields } from './OutdoorFields';
import { PolicyEditor } from '../../components/PolicyEditor';
import { ClassNotFound, ScopeChoice, SeriesNote } from './parts';
import RecurrenceDialog, { describeRecurrence } from './RecurrenceDialog';
import { type SetAddressField, useAddressAutofill } from './use-address-autofill';
import { type FormMode, useClassForm } from './use-class-form';
import { type Coach, useClassFormData } from './use-class-loader';

export default function ClassFormScreen() {
  const user = useStore($user);
  const query = useQuery();
  const location = useLocation();
  const editId = query.get('edit') ?? query.get('id');
  const duplicateFrom = (location.state as { duplicateFrom?: number } | null)?.duplicateFrom ?? null;

  useEffect(() => {
    if (user && user.role === 'customer') navigate('/', { replace: true });
  }, [user]);

  if (!user || user.role === 'customer') return <Spinner />;
  if (user.role === 'coach' && !user.isApproved) return <AwaitingApproval />;
  return <ClassFormLoader key={`${editId}-${duplicateFrom}`} editId={editId} duplicateFrom={editId ? null : duplicateFrom} user={user} />;
}

function AwaitingApproval() {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
          <Icon name="clock" className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold">Awaiting Approval</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">
          Your coach account is being reviewed by our team. You can create classes once an admin has approved your account.
        </p>
        <a href="/profile" className="btn-secondary mt-6">
          Complete your profile
        </a>
      </div>
    </div>
  );
}

function ClassFormLoader({
  editId,
  duplicateFrom,
  user,
}: {
  editId: string | null;
  duplicateFrom: number | null;
  user: { id: number; role: string };
}) {
  const { categories, coaches, existing } = useClassFormData(editId, duplicateFrom, user);
  if (categories === null || existing === null) return <Spinner />;
  if (editId && existing === 'missing') return <ClassNotFound />;
  if (existing === 'denied') return <AccessDenied message="You can only edit your own classes." />;
  const loaded = existing === 'missing' ? null : existing;
  return (
    <ClassForm
      categories={categories}
      coaches={coaches}
      existing={loaded}
      mode={editId ? 'edit' : loaded ? 'duplicate' : 'create'}
      isAdmin={user.role === 'admin'}
    />
  );
}

const HEADINGS: Record<FormMode, string> = { create: 'Create a Class', edit: 'Edit Class', duplicate: 'Duplicate Class' };
const SUBMIT: Record<FormMode, [string, string]> = {
  create: ['Create Class', 'Creating...'],
  duplicate: ['Create Duplicate', 'Creating...'],
  edit: ['Save Changes', 'Saving...'],
};
const withCurrent = (choices: readonly number[], current: number) =>
  choices.includes(current) || !current ? [...choices] : [...choices, current].sort((a, b) => a - b);

function ClassForm({
  categories,
  coaches,
  existing,
  mode,
  isAdmin,
}: {
  categories: Category[];
  coaches: Coach[];
  existing: ClassJson | null;
  mode: FormMode;
  isAdmin: boolean;
}) {
  const today = todayPacific();
  const {
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
  } = useClassForm({ existing, mode, isAdmin });
  const { values, bind, errors, set } = form;
  const address = useAddressAutofill(values, set as SetAddressField, !isEdit);
  const [dialogOpen, setDialogOpen] = useState(false);
  const isSeriesParent = !!existing && existing.isRecurring && existing.parentClassId === null;
  const isSession = !!existing && existing.parentClassId !== null;

  const { time } = values.start;
  const timeChoices = useMemo(
    () => (START_TIME_CHOICES.includes(time) ? START_TIME_CHOICES : [...START_TIME_CHOICES, time].sort()),
    [time],
  );
  const durations = withCurrent(DURATION_CHOICES, Number(values.duration));

  return (
    <div className="container-page max-w-3xl py-6 sm:py-10">
      <h1 className="text-3xl font-bold">{HEADINGS[mode]}</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">
        {isEdit ? 'Update the details of your class.' : 'Customers see these details when they browse and book.'}
      </p>
      {mode === 'duplicate' && existing && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100"
        >
          Duplicating “{existing.title}”. Every field is copied: pick the new date and time, then create the class.
        </p>
      )}
      {isEdit && isSeriesParent && <SeriesNote />}

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
        <section className="card space-y-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">About the class</h2>
          {isAdmin && !isEdit && (
            <Field
              as="select"
              label="Coach"
              {...bind('coachId')}
              options={[
                { value: '', label: 'Choose a coach' },
                ...coaches.map((c) => ({ value: String(c.id), label: `${c.firstName} ${c.lastName}` })),
              ]}
            />
          )}
          <Field label="Title" maxLength={120} placeholder="Sunrise Yoga at Crissy Field" {...bind('title')} />
          <Field
            as="textarea"
            label="Description"
            rows={4}
            maxLength={5000}
            placeholder="What will people do, and who is it for?"
            {...bind('description')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              as="select"
              label="Category"
              {...bind('categoryId')}
              options={[{ value: '', label: 'Select a category' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
            <Field
              as="select"
              label="Age group"
              {...bind('ageGroup')}
              options={[
                { value: 'Adults', label: 'Adults' },
                { value: 'Kids', label: 'Kids' },
              ]}
            />
          </div>
          <Field
            as="textarea"
            label="What to bring"
            hint={errors.whatToBring ? undefined : 'Optional'}
            rows={3}
            maxLength={1000}
            placeholder="A mat, water, layers for the fog"
            {...bind('whatToBring')}
          />
        </section>

        <section className="card space-y-5 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">Where</h2>
            <button type="button" className="btn-secondary px-4 py-2" onClick={address.useMyLocation} disabled={address.locating}>
              <Icon name="locate" /> {address.locating ? 'Locating...' : 'Use my location'}
            </button>
          </div>
          <Field
            label="Location name"
            hint={errors.location ? undefined : 'A park, studio or landmark. We look up its address as you type.'}
            maxLength={120}
            placeholder="Crissy Field"
            {...bind('location')}
          />
          <Field label="Address line 1" autoComplete="address-line1" maxLength={200} {...bind('addressLine1')} />
          <div className="grid gap-5 sm:grid-cols-[1fr_6rem_8rem]">
            <Field label="City" autoComplete="address-level2" maxLength={80} {...bind('city')} />
            <Field label="State" autoComplete="address-level1" maxLength={40} {...bind('state')} />
            <Field label="ZIP" autoComplete="postal-code" inputMode="numeric" maxLength={12} {...bind('zipCode')} />
          </div>
          {address.notice && (
            <p className="flex items-center gap-2 text-sm text-fog-600 dark:text-fog-400" role="status">
              <Icon name="pin" /> {address.notice}
            </p>
          )}
        </section>

        <section className="card space-y-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">When and how many</h2>
          {isEdit && isSession && <ScopeChoice scope={scope} onChange={setScope} />}
          <div className="grid gap-5 sm:grid-cols-2">
            {/* The start is one nested value: bind reads flat values, so each part passes its own. */}
            <Field label="Start date" type="date" min={isEdit ? undefined : today} {...bind('start.date')} value={values.start.date} />
            <Field
              as="select"
              label="Start time (PT)"
              {...bind('start.time')}
              value={time}
              error={errors['start.time'] ?? errors.startTime}
              options={timeChoices.map((t) => ({ value: t, label: formatHHMM(t) }))}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field
              as="select"
              label="Duration"
              {...bind('duration')}
              options={durations.map((d) => ({ value: String(d), label: `${d} minutes` }))}
            />
            <Field label="Capacity" type="number" min={1} step={1} inputMode="numeric" {...bind('capacity')} />
            <Field label="Price per person ($)" type="number" min={0} step="0.01" inputMode="decimal" {...bind('price')} />
          </div>
          {!isEdit && (
            <div className="rounded-xl border border-fog-200 p-4 dark:border-fog-700">
              <label className="flex items-center gap-3 text-sm font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={repeat}
                  onChange={(e) => (e.target.checked ? setDialogOpen(true) : setRepeat(false))}
                />
                Repeat this class (recurring series)
              </label>
              {repeat && (
                <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                  <span className="badge bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                    {describeRecurrence(recurrence)}
                  </span>
                  <button type="button" className="btn-ghost px-3 py-1" onClick={() => setDialogOpen(true)}>
                    Change
                  </button>
                </div>
              )}
              {errors.recurrence && <p className="field-error">{errors.recurrence}</p>}
            </div>
          )}
          <DaylightWarning
            day={values.start.date}
            time={values.start.time}
            duration={Number(values.duration)}
            recurrence={!isEdit && repeat ? toRecurrence(recurrence) : isSeriesParent ? existing!.recurrence : null}
          />
        </section>

        <OutdoorFields
          values={outdoor.values}
          set={outdoor.set}
          capacity={values.capacity}
          classPin={{ latitude: values.latitude, longitude: values.longitude }}
          errors={errors as Record<string, string | undefined>}
        />

        {/* Issue 20: the coach's cancellation policy, or one of the class's own. Bookings keep the terms they were made under. */}
        <section className="card space-y-4 p-5 sm:p-6" aria-labelledby="class-policy-title">
          <h2 id="class-policy-title" className="text-lg font-semibold">
            Cancellation policy
          </h2>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={policy.own}
              onChange={(e) => setPolicy({ ...policy, own: e.target.checked })}
            />
            <span>
              <span className="font-semibold">Use a different policy for this class</span>
              <span className="block text-fog-600 dark:text-fog-400">
                Otherwise the class follows your cancellation policy (Profile, Policy tab). Bookings already made keep the terms they were
                booked under.
              </span>
            </span>
          </label>
          {policy.own && (
            <PolicyEditor value={policy.draft} onChange={(draft) => setPolicy({ ...policy, draft })} idPrefix="class-policy" />
          )}
        </section>

        <ImagePicker image={values.image} choice={image} onRemove={() => set('image', null)} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => goBack(isAdmin ? '/admin' : '/my-classes')}>
            Cancel
          </button>
          <SubmitButton className="btn-primary" pending={form.pending} label={SUBMIT[mode][0]} pendingLabel={SUBMIT[mode][1]} />
        </div>
      </form>

      <RecurrenceDialog
        open={dialogOpen}
        initial={recurrence}
        today={today}
        onSave={(r) => {
          setRecurrence(r);
          setRepeat(true);
          setDialogOpen(false);
          form.setErrors({ ...errors, recurrence: undefined });
        }}
        onCancel={() => setDialogOpen(false)}
      />
    </div>
  );
}
