// The /auth page (customer-areas §2): tabs Sign In and Create Account (the Forgot Password card swaps in
// for Sign In), or the Reset Password card with tab=reset; the tab follows the URL and updates it.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { FormAlert } from '../../lib/form';
import type { AuthParams } from './params';
import { RegisterCard } from './RegisterCard';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SignInCard } from './SignInCard';

const TABS = ['login', 'register'] as const;

function rememberTab(tab: (typeof TABS)[number]) {
  try {
    const url = new URL(window.location.href);
    url.searchParams.set('tab', tab);
    url.searchParams.delete('register');
    url.searchParams.delete('error');
    window.history.replaceState(window.history.state, '', url);
  } catch (error) {
    console.error('Could not update the address bar', error); // only logged (customer-areas §2)
  }
}

export default function AuthPanel({ params }: { params: AuthParams }) {
  const [tab, setTab] = useState<(typeof TABS)[number]>(params.tab === 'register' ? 'register' : 'login');
  const [forgot, setForgot] = useState(false);

  if (params.tab === 'reset') {
    return (
      <div className="card p-6 sm:p-8">
        <ResetPasswordForm variant="card" token={params.token} />
      </div>
    );
  }

  return (
    <div className="card p-6 sm:p-8">
      {params.notice && (
        <div className="mb-5">
          <FormAlert message={params.notice} tone="info" />
        </div>
      )}
      <TabGroup
        selectedIndex={TABS.indexOf(tab)}
        onChange={(index) => {
          const next = TABS[index]!;
          setTab(next);
          setForgot(false);
          rememberTab(next);
        }}
      >
        <TabList aria-label="Sign in or create an account" className="grid grid-cols-2 gap-1 rounded-full bg-fog-100 p-1 dark:bg-fog-800">
          {['Sign In', 'Create Account'].map((label) => (
            <Tab
              key={label}
              className="whitespace-nowrap rounded-full px-2 py-2 text-sm font-semibold text-fog-700 transition-colors hover:text-fog-900 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow-sm dark:text-fog-300 dark:hover:text-white dark:data-[selected]:bg-fog-950 dark:data-[selected]:text-brand-200"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            {forgot ? (
              <ForgotPasswordForm variant="card" onBack={() => setForgot(false)} />
            ) : (
              <SignInCard role={params.role} redirect={params.redirect} onForgot={() => setForgot(true)} />
            )}
          </TabPanel>
          <TabPanel>
            <RegisterCard defaultRole={params.role} redirect={params.redirect} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
