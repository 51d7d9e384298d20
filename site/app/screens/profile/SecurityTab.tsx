// The Security tab (coach-admin-areas §2, §5): change the password with the current one; every other
// session of the account ends. Google-only accounts are pointed to the reset flow instead. Anyone can sign out
// everywhere; customers can also delete their account here.
import { PasswordChangeForm } from '../../../../api/auth/model';
import { PasswordField, SubmitButton, useForm } from '../../../lib/form';
import { api, unwrap } from '../../../lib/api';
import type { CurrentUser } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import { DeleteAccountCard } from './DeleteAccountCard';
import { SignOutEverywhereCard } from './SignOutEverywhereCard';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecurityTab({ user }: { user: CurrentUser }) {
  return (
    <>
      <PasswordSection user={user} />
      <SignOutEverywhereCard />
      {user.role === 'customer' && <DeleteAccountCard user={user} />}
    </>
  );
}

function PasswordSection({ user }: { user: CurrentUser }) {
  const form = useForm(PasswordChangeForm, EMPTY);

  if (!user.hasPassword) {
    return (
      <div className="rounded-xl border border-fog-200 bg-fog-50 p-5 text-sm dark:border-fog-700 dark:bg-fog-800/50">
        <h3 className="font-semibold">You sign in with Google</h3>
        <p className="mt-1 text-fog-700 dark:text-fog-300">
          Your account has no password yet. To add one, request a reset link and choose a password.
        </p>
        <a href="/forgot-password" className="btn-secondary mt-4">
          Set a Password
        </a>
      </div>
    );
  }

  const submit = form.submit(
    async ({ currentPassword, newPassword }) => {
      await unwrap(api.users({ id: user.id }).password.put({ currentPassword, newPassword }));
      form.setValues(EMPTY);
      toast({
        title: 'Password changed',
        description: 'Your password was updated and your other devices were signed out.',
        variant: 'success',
      });
    },
    {
      fallback: 'Failed to change password',
      onError: (description) => toast({ title: 'Password change failed', description, variant: 'destructive' }),
    },
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Change password">
      <div>
        <h3 className="text-lg font-semibold">Change password</h3>
        <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Changing your password signs you out on every other device.</p>
      </div>
      <PasswordField label="Current password" autoComplete="current-password" {...form.bind('currentPassword')} />
      <PasswordField label="New password" autoComplete="new-password" hint="At least 8 characters." {...form.bind('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...form.bind('confirmPassword')} />
      <div className="flex justify-end border-t border-fog-200 pt-5 dark:border-fog-800">
        <SubmitButton
          pending={form.pending}
          label="Change Password"
          pendingLabel="Changing Password..."
          className="btn-primary w-full sm:w-auto"
        />
      </div>
    </form>
  );
}
