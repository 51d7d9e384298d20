// The standalone /forgot-password and /reset-password pages' island.
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ResetPasswordForm } from './ResetPasswordForm';

export default function RecoveryPage({ step, token = null }: { step: 'forgot' | 'reset'; token?: string | null }) {
  return (
    <div className="card p-6 sm:p-8">
      {step === 'forgot' ? <ForgotPasswordForm variant="page" /> : <ResetPasswordForm variant="page" token={token} />}
    </div>
  );
}
