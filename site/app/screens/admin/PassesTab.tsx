// The admin dashboard's Passes tab (issue 19): every pass every coach sells or sold, with its sales and active
// holders, and Archive (no new sales; holders keep what they bought) or Sell again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ManagedPass } from '../../../../api/passes/model';
import { errorMessage } from '../../../lib/api-error';
import { dollars } from '../../../lib/catalog';
import { coverageText, passTerms } from '../../../lib/pass-terms';
import { listManagedPasses, setPassArchived } from '../../../lib/passes-api';
import { toast } from '../../../lib/stores/toast';
import Modal from '../../components/Modal';

const KIND = { pack: 'Class pack', membership: 'Membership', intro: 'Intro offer' } as const;
const FILTERS = [
  { value: 'false', label: 'On sale' },
  { value: 'true', label: 'Archived' },
  { value: 'all', label: 'All' },
] as const;

export function PassesTab() {
  const queryClient = useQueryClient();
  const [archived, setArchived] = useState<'true' | 'false' | 'all'>('false');
  const [search, setSearch] = useState('');
  const list = useQuery({ queryKey: ['passes', 'admin', archived], queryFn: () => listManagedPasses({ archived }) });
  const [toArchive, setToArchive] = useState<ManagedPass | null>(null);
  const change = useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) => setPassArchived(id, archive),
    onSuccess: (pass) => {
      toast({ title: pass.archived ? 'Pass archived' : 'Pass on sale again', description: pass.name, variant: 'success' });
      setToArchive(null);
      void queryClient.invalidateQueries({ queryKey: ['passes'] });
    },
    onError: (error) =>
      toast({
        title: 'Could not change the pass',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });
  const needle = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((p) => !needle || `${p.name} ${p.coachName}`.toLowerCase().includes(needle));
  return (
    <section aria-label="Passes">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-md flex-1">
          <label className="sr-only" htmlFor="search-passes">
            Search passes by name or coach
          </label>
          <input
            id="search-passes"
            type="search"
            className="input"
            placeholder="Search by pass or coach"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div role="group" aria-label="Show" className="flex gap-1">
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={archived === f.value}
              onClick={() => setArchived(f.value)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${archived === f.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-fog-300 bg-white text-fog-800 dark:border-fog-700 dark:bg-fog-900 dark:text-fog-100'}`}
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>
      {list.isError && !list.data ? (
        <div role="alert" className="card mt-4 p-6 text-center">
          <p className="font-medium text-red-700 dark:text-red-400">Failed to load passes</p>
          <button type="button" className="btn-primary mt-3" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : !list.data ? (
        <div className="skeleton mt-4 h-40 w-full" role="status" aria-label="Loading passes" />
      ) : rows.length === 0 ? (
        <p className="card mt-4 px-6 py-10 text-center text-fog-600 dark:text-fog-400">No passes found.</p>
      ) : (
        <ul className="mt-4 grid gap-3 lg:grid-cols-2">
          {rows.map((pass) => (
            <li key={pass.id} className="card p-4" aria-labelledby={`admin-pass-${pass.id}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase tracking-wide text-fog-600 dark:text-fog-400">
                    {KIND[pass.kind]} ·{' '}
                    <a className="hover:underline" href={`/coaches/${pass.coachId}`}>
                      {pass.coachName}
                    </a>
                  </p>
                  <p id={`admin-pass-${pass.id}`} className="font-semibold">
                    {pass.name}
                    {pass.archived && (
                      <span className="badge ml-2 bg-fog-100 text-fog-700 dark:bg-fog-800 dark:text-fog-200">Archived</span>
                    )}
                  </p>
                </div>
                <p className="font-bold tabular-nums">
                  {dollars(pass.price)}
                  {pass.billingPeriod ? <span className="text-sm font-normal"> / {pass.billingPeriod}</span> : null}
                </p>
              </div>
              <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
                {passTerms(pass)} · {coverageText(pass.coverage)}
              </p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <span className="font-semibold tabular-nums">{pass.sales}</span> sold ·{' '}
                  <span className="font-semibold tabular-nums">{pass.activeHolders}</span> active
                </span>
                {pass.archived ? (
                  <button
                    type="button"
                    className="btn-ghost px-3 py-1.5"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ id: pass.id, archive: false })}
                  >
                    Sell again
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-ghost px-3 py-1.5 text-red-700 dark:text-red-300"
                    onClick={() => setToArchive(pass)}
                    aria-label={`Archive ${pass.name} by ${pass.coachName}`}
                  >
                    Archive
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={toArchive !== null}
        onClose={() => setToArchive(null)}
        title="Archive this pass?"
        description={
          toArchive &&
          `${toArchive.name} by ${toArchive.coachName} will no longer be sold. Its ${toArchive.activeHolders} active holders keep using it.`
        }
        actions={
          <>
            <button type="button" className="btn-ghost" onClick={() => setToArchive(null)} disabled={change.isPending}>
              Keep selling
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={change.isPending}
              onClick={() => toArchive && change.mutate({ id: toArchive.id, archive: true })}
            >
              {change.isPending ? 'Archiving...' : 'Archive pass'}
            </button>
          </>
        }
      />
    </section>
  );
}
