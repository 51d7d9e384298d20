// /profile (coach-admin-areas §2): the user's card and the tabs Profile, Security, Payment and Cancellation policy
// (coaches, issue 20). ?tab=security|payment|policy opens a tab; the payout return (?success=true or ?refresh=true) opens Payment.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $user } from '../../../lib/stores/session';
import type { ScreenProps } from '../../router';
import CalendarFeedCard from './CalendarFeedCard';
import { PaymentTab } from './PaymentTab';
import { PolicyTab } from './PolicyTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';

const ROLE_LABEL = { customer: 'Customer', coach: 'Coach', admin: 'Admin' } as const;
const TAB_LABEL: Record<string, string> = { profile: 'Profile', security: 'Security', payment: 'Payment', policy: 'Policy' };

function initialTab(tabs: string[]): number {
  const query = new URLSearchParams(window.location.search);
  const wanted = query.get('success') || query.get('refresh') ? 'payment' : query.get('tab');
  return Math.max(0, tabs.indexOf(wanted ?? 'profile'));
}

export default function ProfileScreen(_props: ScreenProps) {
  const user = useStore($user)!;
  const tabs = user.role === 'coach' ? ['profile', 'security', 'payment', 'policy'] : ['profile', 'security'];
  const [selected, setSelected] = useState(() => initialTab(tabs));

  function choose(index: number) {
    setSelected(index);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', tabs[index]!);
    url.searchParams.delete('success');
    url.searchParams.delete('refresh');
    window.history.replaceState(window.history.state, '', url);
  }

  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <div className="flex items-center gap-4">
        {user.profileImage ? (
          <img src={user.profileImage} alt="" className="h-16 w-16 rounded-full object-cover" width={64} height={64} />
        ) : (
          <span
            className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
            aria-hidden="true"
          >
            {initials}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold sm:text-3xl">My Profile</h1>
          <p className="truncate text-sm text-fog-600 dark:text-fog-400">
            {user.firstName} {user.lastName} · {user.email}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-2">
            <span className="badge bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">{ROLE_LABEL[user.role]}</span>
            {user.role === 'coach' && !user.isApproved && (
              <span className="badge bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100">Pending Approval</span>
            )}
          </div>
        </div>
      </div>

      <TabGroup selectedIndex={selected} onChange={choose} className="mt-8">
        <TabList aria-label="Profile sections" className="flex gap-1 overflow-x-auto rounded-full bg-fog-100 p-1 dark:bg-fog-800">
          {tabs.map((tab) => (
            <Tab
              key={tab}
              className="flex-1 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold text-fog-700 transition-colors hover:text-fog-900 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow-sm dark:text-fog-300 dark:hover:text-white dark:data-[selected]:bg-fog-950 dark:data-[selected]:text-brand-200"
            >
              {TAB_LABEL[tab]}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="card mt-6 p-5 sm:p-8">
          <TabPanel>
            <ProfileTab user={user} />
          </TabPanel>
          <TabPanel>
            <SecurityTab user={user} />
          </TabPanel>
          {user.role === 'coach' && (
            <TabPanel>
              <PaymentTab user={user} />
            </TabPanel>
          )}
          {user.role === 'coach' && (
            <TabPanel>
              <PolicyTab />
            </TabPanel>
          )}
        </TabPanels>
      </TabGroup>
      <CalendarFeedCard />
    </div>
  );
}
