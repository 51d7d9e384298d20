// /promo-codes (issue 20, item 4): a coach's own promo codes, with their uses, New code and Deactivate; an admin
// opening it sees the platform's codes (the admin panel has the same list as a tab). Approved coaches only:
// creating a code is refused to a coach awaiting approval.
import { useStore } from '@nanostores/react';
import { PromoCodesPanel } from '../../promo-codes/PromoCodesPanel';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';

export default function PromoCodesScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach' && user?.role !== 'admin') return <AccessDenied message="This page is only accessible to coaches." />;
  if (user.role === 'coach' && !user.isApproved)
    return <AccessDenied message="Promo codes open once an admin has approved your coach account." />;
  return (
    <div className="container-page max-w-4xl py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Promo codes</h1>
      <div className="mt-6">
        <PromoCodesPanel scope={user.role === 'admin' ? 'platform' : 'coach'} />
      </div>
    </div>
  );
}
