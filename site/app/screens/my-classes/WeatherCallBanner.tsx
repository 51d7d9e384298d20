// My Classes' weather-call banner: each call waiting for the coach (GET /api/weather-calls), with the forecast
// reasons and the one-tap choices of POST /api/classes/{id}/weather-call: Go ahead (optionally telling attendees
// "It's on"), Move (a place or a new time: attendees get the change notice), Cancel (everyone refunded in full),
// Offer another session (one of the coach's upcoming sessions).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WeatherCallView } from '../../../../api/conditions/model';
import { pacificWallTimeToInstant } from '../../../../common/pacific';
import { api, unwrap, unwrapPage } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { classDateFull, classTime } from '../../../lib/catalog';
import { toast } from '../../../lib/stores/toast';
import { MANAGED } from '../../managed-classes/classes';

const CALLS = ['weather-calls'] as const;

export function WeatherCallBanner() {
  const calls = useQuery({ queryKey: CALLS, queryFn: () => unwrap(api['weather-calls'].get()) });
  if (!calls.data?.length) return null;
  return (
    <section aria-label="Weather calls" className="mt-6 space-y-3">
      {calls.data.map((call) => (
        <CallCard key={call.id} call={call} />
      ))}
    </section>
  );
}

type Choice = null | 'go' | 'move' | 'cancel' | 'offer';

function CallCard({ call }: { call: WeatherCallView }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(null);
  const [busy, setBusy] = useState(false);
  const [tell, setTell] = useState(true);
  const [location, setLocation] = useState('');
  const [newStart, setNewStart] = useState('');
  const [offer, setOffer] = useState('');
  const sessions = useQuery({
    queryKey: [...MANAGED, 'offer-choices'],
    queryFn: () => unwrapPage(api.classes.managed.get({ query: { view: 'sessions', from: new Date().toISOString(), limit: '50' } })),
    enabled: choice === 'offer',
  });

  async function decide(body: {
    decision: 'go' | 'move' | 'cancel' | 'offer';
    notifyAttendees?: boolean;
    location?: string;
    startTime?: string;
    offerClassId?: number;
  }) {
    setBusy(true);
    try {
      const decided = await unwrap(api.classes({ id: call.classId })['weather-call'].post({ notifyAttendees: true, ...body }));
      const words = {
        go: 'Go ahead: attendees were told it is on.',
        moved: 'Moved: attendees got the change notice.',
        cancelled: 'Cancelled: everyone is refunded in full.',
        offered: 'Offered: attendees were emailed.',
        pending: '',
      };
      toast({ title: 'Weather call made', description: words[decided.status], variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: CALLS });
      await queryClient.invalidateQueries({ queryKey: MANAGED });
    } catch (error) {
      toast({ title: 'The weather call failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const toInstant = (local: string) => {
    const [day, time] = local.split('T') as [string, string];
    return pacificWallTimeToInstant(day, time).toISOString();
  };

  return (
    <article className="rounded-[var(--radius-card)] border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100 sm:p-5">
      <h2 className="text-lg font-semibold">Weather call: {call.classTitle}</h2>
      <p className="text-sm">
        {classDateFull(call.classStart)} · {classTime(call.classStart, null).replace(/ - .*$/, '')} ·{' '}
        {call.checkpoint === '24h' ? '24-hour check' : '3-hour check'}
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {call.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm">Attendees see “Weather watch” until you decide.</p>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Your call">
        <button type="button" className="btn-primary" disabled={busy} onClick={() => setChoice('go')}>
          Go ahead
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => setChoice('move')}>
          Move
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => setChoice('offer')}>
          Offer another session
        </button>
        <button
          type="button"
          className="btn-ghost text-red-700 hover:bg-red-50 dark:text-red-400"
          disabled={busy}
          onClick={() => setChoice('cancel')}
        >
          Cancel class
        </button>
      </div>
      {choice === 'go' && (
        <div className="mt-3 space-y-2 rounded-xl bg-white/70 p-3 text-fog-900 dark:bg-fog-900 dark:text-fog-100">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={tell} onChange={(e) => setTell(e.target.checked)} /> Tell
            attendees “It's on”
          </label>
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => void decide({ decision: 'go', notifyAttendees: tell })}
          >
            Confirm: go ahead
          </button>
        </div>
      )}
      {choice === 'move' && (
        <div className="mt-3 grid gap-3 rounded-xl bg-white/70 p-3 text-fog-900 sm:grid-cols-2 dark:bg-fog-900 dark:text-fog-100">
          <label className="text-sm">
            <span className="label">New place</span>
            <input className="input" value={location} placeholder="The backup location" onChange={(e) => setLocation(e.target.value)} />
          </label>
          <label className="text-sm">
            <span className="label">New start (PT)</span>
            <input className="input" type="datetime-local" step={1800} value={newStart} onChange={(e) => setNewStart(e.target.value)} />
          </label>
          <p className="text-xs sm:col-span-2">
            Empty place: the backup location of your rain plan. Attendees get the change notice and may cancel with a full refund.
          </p>
          <button
            type="button"
            className="btn-primary sm:col-span-2 sm:justify-self-start"
            disabled={busy}
            onClick={() =>
              void decide({
                decision: 'move',
                ...(location.trim() ? { location: location.trim() } : {}),
                ...(newStart ? { startTime: toInstant(newStart) } : {}),
              })
            }
          >
            Confirm the move
          </button>
        </div>
      )}
      {choice === 'offer' && (
        <div className="mt-3 space-y-2 rounded-xl bg-white/70 p-3 text-fog-900 dark:bg-fog-900 dark:text-fog-100">
          <label className="text-sm">
            <span className="label">Session to offer</span>
            <select className="input" value={offer} onChange={(e) => setOffer(e.target.value)}>
              <option value="">Choose one of your sessions</option>
              {(sessions.data?.items ?? [])
                .filter((s) => s.id !== call.classId && !(s.isRecurring && s.parentClassId === null))
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title} · {classDateFull(s.startTime)} {classTime(s.startTime, s.endTime)}
                  </option>
                ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || !offer}
            onClick={() => void decide({ decision: 'offer', offerClassId: Number(offer) })}
          >
            Offer this session
          </button>
        </div>
      )}
      {choice === 'cancel' && (
        <div
          className="mt-3 space-y-2 rounded-xl bg-white/70 p-3 text-fog-900 dark:bg-fog-900 dark:text-fog-100"
          role="alertdialog"
          aria-label="Cancel for the weather"
        >
          <p className="text-sm">
            Cancel {call.classTitle}? Every booking is cancelled and refunded in full, and everyone booked or waiting is emailed.
          </p>
          <button
            type="button"
            className="btn-primary bg-red-700 hover:bg-red-800"
            disabled={busy}
            onClick={() => void decide({ decision: 'cancel' })}
          >
            Yes, cancel and refund everyone
          </button>
        </div>
      )}
    </article>
  );
}
