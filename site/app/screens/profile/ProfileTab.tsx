// The Profile tab (coach-admin-areas §2, §5): names, phone, picture, class reminders on or off; coaches also bio, areas of expertise
// and certifications. Success and error toasts; the page reloads 1 s after a successful update.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ProfileBody } from '../../../../api/auth/model';
import { Field, SubmitButton, useForm } from '../../../lib/form';
import { api, unwrap } from '../../../lib/api';
import { categoriesQuery } from '../../../lib/query';
import { $user, type CurrentUser } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import { type CategoryOption, ExpertisePicker } from './ExpertisePicker';
import { ImageUpload } from './ImageUpload';

const RELOAD_AFTER_UPDATE_MS = 1000;

export function ProfileTab({ user }: { user: CurrentUser }) {
  const isCoach = user.role === 'coach';
  const form = useForm(ProfileBody, {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    bio: user.bio ?? '',
    certifications: user.certifications ?? '',
    areasOfExpertise: user.areasOfExpertise,
    profileImage: user.profileImage,
    classReminders: user.classReminders,
  });
  const categoryList = useQuery({ ...categoriesQuery, enabled: isCoach });
  const categories: CategoryOption[] | null = categoryList.isError ? [] : (categoryList.data ?? null);
  useEffect(() => {
    if (categoryList.isError) toast({ title: 'Failed to fetch categories', variant: 'destructive' });
  }, [categoryList.isError]);

  const submit = form.submit(
    async (data) => {
      $user.set(await unwrap(api.users({ id: user.id }).put(data)));
      toast({ title: 'Profile updated', description: 'Your changes have been saved.', variant: 'success' });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_UPDATE_MS);
    },
    {
      fallback: 'Failed to update profile',
      stayPending: true,
      onError: (description) => toast({ title: 'Update failed', description, variant: 'destructive' }),
    },
  );

  const { values } = form;
  const textArea = (name: 'bio' | 'certifications', label: string, rows: number, placeholder: string) => (
    <Field as="textarea" label={label} rows={rows} placeholder={placeholder} {...form.bind(name)} />
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Profile">
      <ImageUpload
        value={values.profileImage ?? null}
        initials={`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()}
        onChange={(url) => form.set('profileImage', url)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...form.bind('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...form.bind('lastName')} />
      </div>
      <Field label="Email" name="email" value={user.email} readOnly disabled hint="Your sign-in email can't be changed here." />
      <Field
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="+14155550123"
        hint="Include your country code, e.g. +1 415 555 0123."
        {...form.bind('phone')}
      />
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={values.classReminders ?? true}
          onChange={(e) => form.set('classReminders', e.currentTarget.checked)}
        />
        <span>
          <span className="font-medium">Class reminders</span>
          <span className="block text-fog-600 dark:text-fog-400">
            Email me a reminder before each class I book, with the address and a calendar file.
          </span>
        </span>
      </label>
      {isCoach && (
        <>
          {textArea('bio', 'Bio', 4, 'Tell customers about your experience and teaching style')}
          <ExpertisePicker
            categories={categories}
            value={values.areasOfExpertise ?? []}
            onChange={(ids) => form.set('areasOfExpertise', ids)}
            error={form.errors.areasOfExpertise}
          />
          {textArea('certifications', 'Certifications', 3, 'e.g. NASM Certified Personal Trainer, First Aid/CPR')}
        </>
      )}
      <div className="flex justify-end border-t border-fog-200 pt-5 dark:border-fog-800">
        <SubmitButton pending={form.pending} label="Save Changes" pendingLabel="Saving..." className="btn-primary w-full sm:w-auto" />
      </div>
    </form>
  );
}
