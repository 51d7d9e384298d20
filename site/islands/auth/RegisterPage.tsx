// The standalone /register page's island: the account form with a "Sign in here" link to /auth.
import type { RegistrationRole } from '../../../api/auth/model';
import { RegisterCard } from './RegisterCard';

export default function RegisterPage({ role, redirect }: { role: RegistrationRole; redirect: string | null }) {
  const signIn = redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : '/auth';
  return (
    <div className="card p-6 sm:p-8">
      <RegisterCard
        defaultRole={role}
        redirect={redirect}
        footer={
          <p className="mt-6 text-center text-sm text-fog-700 dark:text-fog-300">
            Already have an account?{' '}
            <a href={signIn} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
              Sign in here
            </a>
          </p>
        }
      />
    </div>
  );
}
