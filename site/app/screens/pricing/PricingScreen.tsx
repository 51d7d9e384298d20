// /pricing (coach; issue 19): the passes the coach sells (class packs, memberships, intro offers) with their
// sales and active holders, a dialog to create one, and Archive (no new sales; holders keep what they bought).
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateShort } from '../../../../common/pacific';
import { errorMessage } from '../../../lib/api-error';
import { shortDollars } from '../../../lib/pass-pricing';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Modal from '../../components/Modal';
import type { ManagedPass, PassKindName } from '../../../../api/passes/model';
import { createPass, listManagedPasses, setPassArchived } from '../../../lib/passes-api';
import { coverageText, passTerms } from '../../../lib/pass-terms';
import { PassFormDialog } from './PassFormDialog';
import { PASS_KIND_LABELS } from './pass-form-rules';

const PASSES = ['passes', 'mine'] as const;

export default function PricingScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach') return <AccessDenied message="This page is only accessible to coaches." />;
  return <Pricing />;
}

function Pricing() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PASSES, queryFn: () => listManagedPasses() });
  const [creating, setCreating] = useState<PassKindName | null>(null);
  const [toArchive, setToArchive] = useState<ManagedPass | null>(null);
  const [showArchived, setShowArchived] = useState(false);

  const archive = useMutation({
    mutationFn: (id: number) => setPassArchived(id, true),
    onSuccess: (pass) => {
      toast({ title: 'Pass archived', description: `${pass.name} is no longer sold. Its holders keep using it.`, variant: 'success' });
      setToArchive(null);
      void queryClient.invalidateQueries({ queryKey: ['passes'] });
    },
    onError: (error) =>
      toast({
        title: 'Could not archive the pass',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });

  async function create(draft: Parameters<typeof createPass>[0]) {
    const pass = await createPass(draft);
    toast({ title: 'Pass created', description: `${pass.name} is now on your profile and class pages.`, variant: 'success' });
    setCreating(null);
    await queryClient.invalidateQueries({ queryKey: ['passes'] });
  }

  const passes = list.data ?? [];
  const onSale = passes.filter((p) => !p.archived);
  const archived = passes.filter((p) => p.archived);
  return (
    <div className="container-page max-w-5xl py-6 sm:py-10">
      <h1 className="text-3xl font-bold">Pricing</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">
        Class packs, memberships and intro offers your regulars buy on your profile and class pages. Customers pay the price plus the 5%
        service fee; you receive 85% of the price.
      </p>
      <div className="mt-5 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap" role="group" aria-label="Create a pass">
        {(Object.keys(PASS_KIND_LABELS) as PassKindName[]).map((kind) => (
          <button key={kind} type="button" className={kind === 'pack' ? 'btn-primary' : 'btn-secondary'} onClick={() => setCreating(kind)}>
            New {PASS_KIND_LABELS[kind].toLowerCase()}
          </button>
        ))}
      </div>

      {list.isError && !list.data ? (
        <div role="alert" className="card mt-6 p-6 text-center">
          <p className="font-medium text-red-700 dark:text-red-400">Failed to load your passes</p>
          <button type="button" className="btn-primary mt-4" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : !list.data ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2" role="status" aria-label="Loading passes">
          <div className="skeleton h-44" />
          <div className="skeleton h-44" />
        </div>
      ) : onSale.length === 0 && archived.length === 0 ? (
        <div className="card mt-6 p-8 text-center">
          <p className="text-lg font-semibold">No passes yet</p>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
            A 5- or 10-class pack is the usual start: regulars save a little and book without paying each time.
          </p>
        </div>
      ) : (
        <>
          <h2 className="sr-only">On sale</h2>
          {onSale.length === 0 ? (
            <p className="mt-6 text-fog-600 dark:text-fog-400">Nothing on sale right now: every pass is archived.</p>
          ) : (
            <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Passes on sale">
              {onSale.map((pass) => (
                <PassCard key={pass.id} pass={pass} onArchive={() => setToArchive(pass)} />
              ))}
            </ul>
          )}
          {archived.length > 0 && (
            <div className="mt-8">
              <button
                type="button"
                className="btn-ghost -ml-3 px-3"
                aria-expanded={showArchived}
                onClick={() => setShowArchived((s) => !s)}
              >
                {showArchived ? 'Hide' : 'Show'} archived passes ({archived.length})
              </button>
              {showArchived && (
                <ul className="mt-3 grid gap-4 sm:grid-cols-2" aria-label="Archived passes">
                  {archived.map((pass) => (
                    <PassCard key={pass.id} pass={pass} />
                  ))}
                </ul>
              )}
            </div>
          )}
        </>
      )}

      <PassFormDialog kind={creating} onClose={() => setCreating(null)} onCreate={create} />
      <Modal
        open={toArchive !== null}
        onClose={() => setToArchive(null)}
        title="Archive this pass?"
        description={
          toArchive && (
            <>
              <span className="font-semibold">{toArchive.name}</span> will no longer be sold. The {toArchive.activeHolders}{' '}
              {toArchive.activeHolders === 1 ? 'customer who holds it keeps' : 'customers who hold it keep'} using it as bought.
            </>
          )
        }
        actions={
          <>
            <button type="button" className="btn-ghost" onClick={() => setToArchive(null)} disabled={archive.isPending}>
              Keep selling
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={archive.isPending}
              onClick={() => toArchive && archive.mutate(toArchive.id)}
            >
              {archive.isPending ? 'Archiving...' : 'Archive pass'}
            </button>
          </>
        }
      />
    </div>
  );
}

function PassCard({ pass, onArchive }: { pass: ManagedPass; onArchive?: () => void }) {
  const priceCents = Math.round(pass.price * 100);
  return (
    <li className="card flex flex-col p-5" aria-labelledby={`pass-${pass.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <span className="badge bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">{PASS_KIND_LABELS[pass.kind]}</span>
          <h3 id={`pass-${pass.id}`} className="mt-2 text-lg font-semibold">
            {pass.name}
          </h3>
        </div>
        <p className="shrink-0 text-right">
          <span className="text-2xl font-bold tabular-nums">{shortDollars(priceCents)}</span>
          {pass.billingPeriod && <span className="block text-xs text-fog-600 dark:text-fog-400">per {pass.billingPeriod}</span>}
        </p>
      </div>
      <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">{passTerms(pass)}</p>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Covers: {coverageText(pass.coverage)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-fog-200 pt-4 text-sm dark:border-fog-800">
        <div>
          <dt className="text-fog-600 dark:text-fog-400">Sales</dt>
          <dd className="text-xl font-bold tabular-nums">{pass.sales}</dd>
        </div>
        <div>
          <dt className="text-fog-600 dark:text-fog-400">Active holders</dt>
          <dd className="text-xl font-bold tabular-nums">{pass.activeHolders}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs text-fog-600 dark:text-fog-400">
        <span>{pass.archivedAt ? `Archived ${formatDateShort(pass.archivedAt)}` : `On sale since ${formatDateShort(pass.createdAt)}`}</span>
        {onArchive && (
          <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={onArchive} aria-label={`Archive ${pass.name}`}>
            Archive
          </button>
        )}
      </div>
    </li>
  );
}
