// /create-class: create a class (one-time or a recurring series), edit one (?edit={id} or ?id={id}), or
// duplicate one (navigation state { duplicateFrom }), validated with the API's own create rules.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import type { Category } from '../../../../api/catalog/model';
import { CLASS_DEFAULTS, CLASS_MESSAGES, ClassForm, type ClassFormInput, DURATION_CHOICES, type Place, START_TIME_CHOICES } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { formatHHMM, pacificDay, pacificHHMM, pacificWallTimeToInstant, pacificWeekday } from '../../../../api/lib/pacific';
import { Icon } from '../../../components/catalog/icons';
import { ApiError, apiGet, apiPost, apiPut, errorMessage } from '../../../lib/api-client';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import { goBack, navigate, useLocation, useQuery } from '../../router';
import { todayPacific } from '../calendar/month';
import RecurrenceDialog, { describeRecurrence, type Recurrence } from './RecurrenceDialog';
import { MAX_IMAGE_BYTES, uploadImage } from './upload';

interface Values {
  title: string;
  description: string;
  categoryId: string;
  location: string;
  addressLine1: string;
  city: string;
  state: string;
  zipCode: string;
  price: string;
  duration: string;
  capacity: string;
  startDate: string;
  startTime: string;
  ageGroup: 'Adults' | 'Kids';
  whatToBring: string;
  image: string | null;
  latitude: number | null;
  longitude: number | null;
  coachId: string;
}

type Errors = Partial<Record<keyof Values | 'recurrence', string>>;
type ClassData = ClassJson & { coach?: { id: number; firstName: string; lastName: string } | null };

const GEO_MESSAGES: Record<number, string> = {
  1: 'Location access denied. Please enable location services.',
  2: 'Unable to determine your location. Please try again.',
  3: 'Unable to determine your location. Please try again.',
};

/** A start (Pacific date and HH:MM) that has already gone by. */
const hasPassed = (day: string, time: string) => pacificWallTimeToInstant(day, time).getTime() <= Date.now();

/** The default start date: today, or tomorrow once today's default start time has gone by. */
function defaultStartDate(today: string): string {
  if (!hasPassed(today, CLASS_DEFAULTS.startTime)) return today;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function emptyValues(today: string): Values {
  return {
    title: '',
    description: '',
    categoryId: '',
    location: '',
    addressLine1: '',
    city: '',
    state: 'CA',
    zipCode: '',
    price: String(CLASS_DEFAULTS.price),
    duration: String(CLASS_DEFAULTS.duration),
    capacity: String(CLASS_DEFAULTS.capacity),
    startDate: defaultStartDate(today),
    startTime: CLASS_DEFAULTS.startTime,
    ageGroup: CLASS_DEFAULTS.ageGroup,
    whatToBring: '',
    image: null,
    latitude: null,
    longitude: null,
    coachId: '',
  };
}

function valuesFrom(c: ClassData, today: string, duplicate: boolean): Values {
  const day = c.startTime ? pacificDay(c.startTime) : today;
  return {
    title: c.title,
    description: c.description ?? '',
    categoryId: c.categoryId ? String(c.categoryId) : '',
    location: c.location ?? '',
    addressLine1: c.addressLine1 ?? c.address?.split(',')[0]?.trim() ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zipCode: c.zipCode ?? '',
    price: String(c.price),
    duration: String(c.duration),
    capacity: String(c.capacity),
    // A duplicate of a past class starts from today.
    startDate: duplicate && day < today ? today : day,
    startTime: c.startTime ? pacificHHMM(c.startTime) : CLASS_DEFAULTS.startTime,
    ageGroup: c.ageGroup === 'Kids' ? 'Kids' : 'Adults',
    whatToBring: c.whatToBring ?? '',
    image: c.image,
    latitude: c.latitude,
    longitude: c.longitude,
    coachId: String(c.coachId),
  };
}

const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

export default function ClassFormScreen() {
  const user = useStore($user);
  const query = useQuery();
  const location = useLocation();
  const editId = query.get('edit') ?? query.get('id');
  const duplicateFrom = (location.state as { duplicateFrom?: number } | null)?.duplicateFrom ?? null;
  const isAdmin = user?.role === 'admin';

  useEffect(() => {
    if (user && user.role === 'customer') navigate('/', { replace: true });
  }, [user]);

  if (!user || user.role === 'customer') return <Spinner />;
  if (user.role === 'coach' && !user.isApproved) {
    return (
      <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
        <div className="card w-full max-w-md p-8 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
            <Icon name="clock" className="h-6 w-6" />
          </span>
          <h1 className="mt-4 text-2xl font-bold">Awaiting Approval</h1>
          <p className="mt-2 text-fog-600 dark:text-fog-400">Your coach account is being reviewed by our team. You can create classes once an admin has approved your account.</p>
          <a href="/profile" className="btn-secondary mt-6">Complete your profile</a>
        </div>
      </div>
    );
  }
  return <ClassFormLoader key={`${editId}-${duplicateFrom}`} editId={editId} duplicateFrom={editId ? null : duplicateFrom} isAdmin={isAdmin} userId={user.id} />;
}

function ClassFormLoader({ editId, duplicateFrom, isAdmin, userId }: { editId: string | null; duplicateFrom: number | null; isAdmin: boolean; userId: number }) {
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [coaches, setCoaches] = useState<{ id: number; firstName: string; lastName: string }[]>([]);
  const [existing, setExisting] = useState<ClassData | null | 'missing' | 'denied'>(editId || duplicateFrom ? null : 'missing');

  useEffect(() => {
    apiGet<Category[]>('/api/categories').then(setCategories).catch(() => setCategories([]));
    if (isAdmin) apiGet<{ id: number; firstName: string; lastName: string }[]>('/api/coaches').then(setCoaches).catch(() => setCoaches([]));
    const id = editId ?? (duplicateFrom ? String(duplicateFrom) : null);
    if (!id) return;
    apiGet<ClassData>(`/api/classes/${encodeURIComponent(id)}`)
      .then((c) => setExisting(!isAdmin && c.coachId !== userId ? 'denied' : c))
      .catch(() => {
        setExisting('missing');
        if (duplicateFrom) toast({ title: 'Error', description: 'Failed to load class data for duplication. Please try again.', variant: 'destructive' });
      });
  }, [editId, duplicateFrom, isAdmin, userId]);

  if (categories === null || existing === null) return <Spinner />;
  if (editId && existing === 'missing') return <ClassNotFound />;
  if (existing === 'denied') return <AccessDenied message="You can only edit your own classes." />;
  const loaded = existing === 'missing' ? null : existing;
  return <ClassFormBody categories={categories} coaches={coaches} existing={loaded} mode={editId ? 'edit' : loaded ? 'duplicate' : 'create'} isAdmin={isAdmin} />;
}

export function ClassNotFound() {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center">
        <h1 className="text-2xl font-bold">Class Not Found</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">The class you're looking for doesn't exist or has been deleted.</p>
        <a href="/my-classes" className="btn-primary mt-6">Back to My Classes</a>
      </div>
    </div>
  );
}

function ClassFormBody({ categories, coaches, existing, mode, isAdmin }: { categories: Category[]; coaches: { id: number; firstName: string; lastName: string }[]; existing: ClassData | null; mode: 'create' | 'edit' | 'duplicate'; isAdmin: boolean }) {
  const today = todayPacific();
  const [values, setValues] = useState<Values>(() => (existing ? valuesFrom(existing, today, mode === 'duplicate') : emptyValues(today)));
  const [errors, setErrors] = useState<Errors>({});
  const [repeat, setRepeat] = useState(false);
  const [recurrence, setRecurrence] = useState<Recurrence>(() => ({ type: 'weekly', interval: 1, daysOfWeek: [pacificWeekday(`${values.startDate}T20:00:00Z`)], endType: 'count', endDate: '', endCount: CLASS_DEFAULTS.recurrenceEndCount }));
  const [dialogOpen, setDialogOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [locating, setLocating] = useState(false);
  const [addressNotice, setAddressNotice] = useState<string | null>(null);
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const autofilled = useRef(false);
  const isEdit = mode === 'edit';
  const isSeriesParent = !!existing && existing.isRecurring && existing.parentClassId === null;
  const isSession = !!existing && existing.parentClassId !== null;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const bind = (key: keyof Values) => ({
    id: `field-${key}`,
    name: key,
    value: (values[key] ?? '') as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `field-${key}-error` : undefined,
  });

  // Address autofill from the location name (more than 3 characters), unless the address was typed by hand.
  useEffect(() => {
    const name = values.location.trim();
    if (name.length <= 3 || isEdit) return;
    const hasTypedAddress = !autofilled.current && (values.addressLine1 || values.city || values.zipCode);
    if (hasTypedAddress) return;
    const timer = setTimeout(() => {
      apiGet<Place>(`/api/geocode?q=${encodeURIComponent(name)}`)
        .then((place) => {
          if (!place.found) {
            setAddressNotice(CLASS_MESSAGES.addressOnly);
            return;
          }
          autofilled.current = true;
          setAddressNotice(null);
          setValues((v) => ({
            ...v,
            addressLine1: place.addressLine1 ?? v.addressLine1,
            city: place.city ?? v.city,
            state: place.state ?? v.state,
            zipCode: place.zipCode ?? v.zipCode,
            latitude: place.latitude,
            longitude: place.longitude,
          }));
        })
        .catch(() => {});
    }, 600);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.location]);

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      toast({ title: 'Location error', description: 'Geolocation is not supported by your browser.', variant: 'destructive' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        const { latitude, longitude } = position.coords;
        try {
          const place = await apiGet<Place>(`/api/geocode/reverse?lat=${latitude}&lng=${longitude}`);
          autofilled.current = true;
          setValues((v) => ({
            ...v,
            latitude,
            longitude,
            addressLine1: place.addressLine1 ?? v.addressLine1,
            city: place.city ?? v.city,
            state: place.state ?? v.state,
            zipCode: place.zipCode ?? v.zipCode,
          }));
          setAddressNotice(place.found ? null : 'Location saved. Fill in the address so customers can find you.');
        } catch (error) {
          toast({ title: 'Location error', description: errorMessage(error, 'Something went wrong while finding your location.'), variant: 'destructive' });
        } finally {
          setLocating(false);
        }
      },
      (error) => {
        setLocating(false);
        toast({ title: 'Location error', description: GEO_MESSAGES[error.code] ?? 'Something went wrong while finding your location.', variant: 'destructive' });
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    );
  }

  function chooseFile(chosen: File | null) {
    setErrors((e) => ({ ...e, image: undefined }));
    if (chosen && chosen.size > MAX_IMAGE_BYTES) {
      setErrors((e) => ({ ...e, image: 'The image must be 10MB or smaller' }));
      return;
    }
    if (preview) URL.revokeObjectURL(preview);
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  }

  const payload = (image: string | null): ClassFormInput & { scope?: 'this' | 'following' } => ({
    title: values.title,
    description: values.description,
    categoryId: values.categoryId ? Number(values.categoryId) : (null as unknown as number),
    location: values.location,
    addressLine1: values.addressLine1,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
    price: num(values.price),
    duration: num(values.duration),
    capacity: num(values.capacity),
    startDate: values.startDate,
    startTime: values.startTime,
    ageGroup: values.ageGroup,
    whatToBring: values.whatToBring || null,
    image,
    latitude: values.latitude,
    longitude: values.longitude,
    ...(isAdmin && mode !== 'edit' ? { coachId: values.coachId ? Number(values.coachId) : null } : {}),
    ...(repeat && !isEdit
      ? {
          isRecurring: true,
          recurrenceType: recurrence.type,
          recurrenceInterval: recurrence.interval,
          recurrenceDaysOfWeek: recurrence.type === 'weekly' ? recurrence.daysOfWeek : null,
          recurrenceEndType: recurrence.endType,
          recurrenceEndDate: recurrence.endType === 'date' ? recurrence.endDate : null,
          recurrenceEndCount: recurrence.endType === 'count' ? recurrence.endCount : null,
        }
      : { isRecurring: false }),
    ...(isEdit ? { scope } : {}),
  });

  function firstErrors(issues: Record<string, string[]> | undefined): Errors {
    const found: Errors = {};
    for (const [key, messages] of Object.entries(issues ?? {})) {
      const field = key.startsWith('recurrence') ? 'recurrence' : key;
      if (messages[0] && !found[field as keyof Errors]) found[field as keyof Errors] = messages[0];
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = v.safeParse(ClassForm, payload(values.image));
    const found: Errors = {};
    if (!check.success) for (const issue of check.issues) {
      const key = String(issue.path?.[0]?.key ?? '') as keyof Errors;
      if (key && !found[key]) found[key] = issue.message;
    }
    if (!isEdit && values.startDate && values.startDate < today) found.startDate = CLASS_MESSAGES.startDatePast;
    else if (!isEdit && values.startDate === today && !found.startTime && hasPassed(today, values.startTime)) found.startTime = CLASS_MESSAGES.startTimePast;
    if (isAdmin && mode !== 'edit' && !values.coachId) found.coachId = 'Choose the approved coach this class is for';
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`field-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSubmitting(true);
    let image = values.image;
    if (file) {
      try {
        setProgress(0);
        image = await uploadImage(file, setProgress);
      } catch {
        toast({ title: 'Image upload failed', description: isEdit ? 'The class is saved without the new image.' : 'The class will be created without an image.', variant: 'destructive' });
      } finally {
        setProgress(null);
      }
    }
    try {
      if (isEdit) {
        const saved = await apiPut<{ updatedCount?: number; locationNotice: string | null }>(`/api/classes/${existing!.id}`, payload(image));
        toast({ title: 'Class updated', description: saved.locationNotice ?? (saved.updatedCount && saved.updatedCount > 1 ? `${saved.updatedCount} sessions updated.` : 'Your changes are saved.'), variant: 'success' });
        navigate(isAdmin ? '/admin?tab=classes' : '/my-classes');
      } else {
        const created = await apiPost<{ sessionCount: number; locationNotice: string | null }>('/api/classes', payload(image));
        toast({
          title: 'Class created',
          description: [created.sessionCount > 1 ? `${created.sessionCount} sessions scheduled.` : null, created.locationNotice].filter(Boolean).join(' ') || 'Your class is live.',
          variant: 'success',
        });
        // Coaches see it in their calendar; an admin (who has none) in the class table.
        navigate(isAdmin ? '/admin?tab=classes' : '/my-calendar');
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors(firstErrors(error.errors));
      toast({ title: isEdit ? 'Error updating class' : 'Error creating class', description: errorMessage(error, 'Please check the form and try again.'), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  const timeChoices = useMemo(() => (START_TIME_CHOICES.includes(values.startTime) ? START_TIME_CHOICES : [...START_TIME_CHOICES, values.startTime].sort()), [values.startTime]);
  const durationChoices = useMemo(() => {
    const list: number[] = [...DURATION_CHOICES];
    const current = Number(values.duration);
    return list.includes(current) || !current ? list : [...list, current].sort((a, b) => a - b);
  }, [values.duration]);
  const heading = mode === 'edit' ? 'Edit Class' : mode === 'duplicate' ? 'Duplicate Class' : 'Create a Class';
  const imageShown = preview ?? values.image;

  return (
    <div className="container-page max-w-3xl py-6 sm:py-10">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">
        {mode === 'edit' ? 'Update the details of your class.' : 'Customers see these details when they browse and book.'}
      </p>
      {mode === 'duplicate' && existing && (
        <p role="status" className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100">
          Duplicating “{existing.title}”. Every field is copied: pick the new date and time, then create the class.
        </p>
      )}
      {isEdit && isSeriesParent && (
        <p className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100">
          This is a recurring series. Your changes apply to every session that has not started yet; each keeps its date and bookings.
        </p>
      )}

      <form noValidate onSubmit={submit} className="mt-6 space-y-6">
        <section className="card space-y-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">About the class</h2>
          {isAdmin && mode !== 'edit' && (
            <Field label="Coach" name="coachId" error={errors.coachId}>
              <select className="input" {...bind('coachId')}>
                <option value="">Choose a coach</option>
                {coaches.map((c) => (
                  <option key={c.id} value={c.id}>{c.firstName} {c.lastName}</option>
                ))}
              </select>
            </Field>
          )}
          <Field label="Title" name="title" error={errors.title}>
            <input className="input" maxLength={120} placeholder="Sunrise Yoga at Crissy Field" {...bind('title')} />
          </Field>
          <Field label="Description" name="description" error={errors.description}>
            <textarea className="input min-h-28" maxLength={5000} placeholder="What will people do, and who is it for?" {...bind('description')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Category" name="categoryId" error={errors.categoryId}>
              <select className="input" {...bind('categoryId')}>
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>{c.name}</option>
                ))}
              </select>
            </Field>
            <Field label="Age group" name="ageGroup" error={errors.ageGroup}>
              <select className="input" {...bind('ageGroup')}>
                <option value="Adults">Adults</option>
                <option value="Kids">Kids</option>
              </select>
            </Field>
          </div>
          <Field label="What to bring" name="whatToBring" error={errors.whatToBring} hint="Optional">
            <textarea className="input min-h-20" maxLength={1000} placeholder="A mat, water, layers for the fog" {...bind('whatToBring')} />
          </Field>
        </section>

        <section className="card space-y-5 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">Where</h2>
            <button type="button" className="btn-secondary px-4 py-2" onClick={useMyLocation} disabled={locating}>
              <Icon name="locate" /> {locating ? 'Locating...' : 'Use my location'}
            </button>
          </div>
          <Field label="Location name" name="location" error={errors.location} hint="A park, studio or landmark. We look up its address as you type.">
            <input className="input" maxLength={120} placeholder="Crissy Field" {...bind('location')} />
          </Field>
          <Field label="Address line 1" name="addressLine1" error={errors.addressLine1}>
            <input className="input" autoComplete="address-line1" maxLength={200} {...bind('addressLine1')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-[1fr_6rem_8rem]">
            <Field label="City" name="city" error={errors.city}>
              <input className="input" autoComplete="address-level2" maxLength={80} {...bind('city')} />
            </Field>
            <Field label="State" name="state" error={errors.state}>
              <input className="input" autoComplete="address-level1" maxLength={40} {...bind('state')} />
            </Field>
            <Field label="ZIP" name="zipCode" error={errors.zipCode}>
              <input className="input" autoComplete="postal-code" inputMode="numeric" maxLength={12} {...bind('zipCode')} />
            </Field>
          </div>
          {addressNotice && (
            <p className="flex items-center gap-2 text-sm text-fog-600 dark:text-fog-400" role="status">
              <Icon name="pin" /> {addressNotice}
            </p>
          )}
        </section>

        <section className="card space-y-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">When and how many</h2>
          {isEdit && isSession && (
            <ScopeChoice scope={scope} onChange={setScope} />
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Start date" name="startDate" error={errors.startDate}>
              <input type="date" className="input" min={isEdit ? undefined : today} {...bind('startDate')} />
            </Field>
            <Field label="Start time (PT)" name="startTime" error={errors.startTime}>
              <select className="input" {...bind('startTime')}>
                {timeChoices.map((t) => (
                  <option key={t} value={t}>{formatHHMM(t)}</option>
                ))}
              </select>
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field label="Duration" name="duration" error={errors.duration}>
              <select className="input" {...bind('duration')}>
                {durationChoices.map((d) => (
                  <option key={d} value={d}>{d} minutes</option>
                ))}
              </select>
            </Field>
            <Field label="Capacity" name="capacity" error={errors.capacity}>
              <input type="number" min={1} step={1} inputMode="numeric" className="input" {...bind('capacity')} />
            </Field>
            <Field label="Price per person ($)" name="price" error={errors.price}>
              <input type="number" min={0} step="0.01" inputMode="decimal" className="input" {...bind('price')} />
            </Field>
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
                  <span className="badge bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">{describeRecurrence(recurrence)}</span>
                  <button type="button" className="btn-ghost px-3 py-1" onClick={() => setDialogOpen(true)}>Change</button>
                </div>
              )}
              {errors.recurrence && <p className="field-error">{errors.recurrence}</p>}
            </div>
          )}
        </section>

        <section className="card space-y-4 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">Image</h2>
          {imageShown && <img src={imageShown} alt="Class image preview" className="aspect-[16/9] w-full max-w-md rounded-xl object-cover" />}
          <div>
            <label htmlFor="field-image" className="label">Class image</label>
            <input
              id="field-image"
              type="file"
              accept="image/*"
              className="block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100 dark:file:bg-brand-900/50 dark:file:text-brand-100"
              onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
              aria-describedby="field-image-hint"
            />
            <p id="field-image-hint" className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">JPG, PNG or GIF, up to 10MB.</p>
            {errors.image && <p className="field-error">{errors.image}</p>}
            {(values.image || file) && (
              <button type="button" className="btn-ghost mt-2 px-3 py-1 text-sm" onClick={() => { chooseFile(null); set('image', null); }}>
                Remove image
              </button>
            )}
          </div>
          {progress !== null && (
            <div>
              <div className="h-2 overflow-hidden rounded-full bg-fog-200 dark:bg-fog-800" role="progressbar" aria-label="Image upload" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <p className="mt-1 text-xs text-fog-600 dark:text-fog-400">Uploading image... {progress}%</p>
            </div>
          )}
        </section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => goBack(isAdmin ? '/admin' : '/my-classes')}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? (isEdit ? 'Saving...' : 'Creating...') : isEdit ? 'Save Changes' : mode === 'duplicate' ? 'Create Duplicate' : 'Create Class'}
          </button>
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
          setErrors((e) => ({ ...e, recurrence: undefined }));
        }}
        onCancel={() => setDialogOpen(false)}
      />
    </div>
  );
}

export function Field({ label, name, error, hint, children }: { label: string; name: string; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="label">{label}</label>
      {children}
      {hint && !error && <p className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">{hint}</p>}
      {error && (
        <p id={`field-${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Editing one session of a series: this session only, or this and the following ones. */
export function ScopeChoice({ scope, onChange }: { scope: 'this' | 'following'; onChange: (scope: 'this' | 'following') => void }) {
  return (
    <fieldset className="rounded-xl border border-fog-200 p-4 dark:border-fog-700">
      {/* Floated, so a legend that wraps on a phone sits inside the box instead of across its border. */}
      <legend className="float-left w-full text-sm font-semibold">This class is part of a recurring series. Apply changes to:</legend>
      <div className="clear-left flex flex-col gap-2 pt-2 sm:flex-row sm:gap-6">
        {(
          [
            ['this', 'This class only'],
            ['following', 'This and following classes'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="scope" value={value} className="h-4 w-4 accent-brand-600" checked={scope === value} onChange={() => onChange(value)} />
            {label}
          </label>
        ))}
      </div>
      {scope === 'following' && <p className="mt-2 text-xs text-fog-600 dark:text-fog-400">Later sessions keep their own dates and take the new time of day. Bookings stay with their sessions.</p>}
    </fieldset>
  );
}
