// The waiver step of booking (issue 24, item 2), shown under "Who's coming?" on the class page's booking card
// (free classes), the checkout (paid ones) and a free waitlist offer: the class's waivers to read (the platform's,
// and the coach's own if any), one acceptance per attendee (a parent or guardian for each child), an emergency
// contact, and an optional medical note per attendee that only the class's coach sees. Sent as `waiverAcceptance`
// with the booking request itself (the server refuses a booking without it); someone this account already
// accepted these very versions for is shown as accepted and not asked again. The contact is checked with the
// API's own schema.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { EmergencyContactField, type AcceptWaiversBody, type Waiver } from '../../../api/waivers/model';
import { api, unwrap } from '../../lib/api';
import { Field } from '../../lib/form';

export interface WaiverDraft {
  accepted: boolean[];
  notes: string[];
  contactName: string;
  contactPhone: string;
}

export type WaiverErrors = { accepted?: Record<number, string>; contactName?: string; contactPhone?: string; waivers?: string };

/** The draft for `quantity` attendees, kept as typed when the count changes. */
export function useWaiverDraft(quantity: number) {
  const [draft, setDraft] = useState<WaiverDraft>({ accepted: [], notes: [], contactName: '', contactPhone: '' });
  useEffect(() => {
    setDraft((d) => ({
      ...d,
      accepted: Array.from({ length: quantity }, (_, i) => d.accepted[i] ?? false),
      notes: Array.from({ length: quantity }, (_, i) => d.notes[i] ?? ''),
    }));
  }, [quantity]);
  return [draft, setDraft] as const;
}

/** The class's waivers as the server asks them now (with whom this account already accepted each for). */
export function useClassWaivers(classId: number, enabled = true) {
  return useQuery({
    queryKey: ['waivers', classId],
    queryFn: () => unwrap(api.classes({ id: classId }).waivers.get()),
    enabled,
    staleTime: 60_000,
  });
}

const personKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Has this account already accepted every waiver the class asks, in these versions, for this person? (The
 * server's rule too, api/spots/waivers.ts: same version, same person by name, same account.) */
export function alreadyAccepted(waivers: Waiver[] | undefined, name: string): boolean {
  if (!waivers?.length || !name.trim()) return false;
  return waivers.every((w) => (w.alreadyAcceptedFor ?? []).some((n) => personKey(n) === personKey(name)));
}

/** The request's `waiverAcceptance`, or the message under each part that is not right yet. */
export function readWaivers(
  draft: WaiverDraft,
  waivers: Waiver[] | undefined,
  names: string[],
): { body: AcceptWaiversBody } | { errors: WaiverErrors } {
  const errors: WaiverErrors = {};
  if (!waivers) errors.waivers = 'The waiver is still loading. Please try again in a moment.';
  names.forEach((name, i) => {
    if (!draft.accepted[i] && !alreadyAccepted(waivers, name))
      (errors.accepted ??= {})[i] = `Please accept the waiver for ${name || `attendee ${i + 1}`}.`;
  });
  const contact = v.safeParse(EmergencyContactField, { name: draft.contactName, phone: draft.contactPhone });
  if (!contact.success) {
    for (const issue of contact.issues) {
      const key = issue.path?.[0]?.key;
      if (key === 'name') errors.contactName ??= issue.message;
      if (key === 'phone') errors.contactPhone ??= issue.message;
    }
  }
  if (Object.keys(errors).length || !contact.success || !waivers) return { errors };
  return {
    body: {
      waivers: waivers.map(({ id, version }) => ({ id, version })),
      emergencyContact: contact.output,
      // Someone accepted for before keeps that acceptance (the server reuses it): not accepted again here.
      attendees: names.map((name, i) => ({
        position: i,
        accepted: Boolean(draft.accepted[i]) || !alreadyAccepted(waivers, name),
        ...(draft.notes[i]?.trim() ? { medicalNote: draft.notes[i]!.trim() } : {}),
      })),
    },
  };
}

interface WaiverStepProps {
  waivers: Waiver[] | undefined;
  names: string[];
  kids: boolean;
  draft: WaiverDraft;
  onChange: (draft: WaiverDraft) => void;
  errors: WaiverErrors;
  disabled?: boolean;
}

/** Who accepts for whom: a child's parent or guardian; in an adults' class the booker for themselves (the first
 * spot) and for each friend they bring, who has agreed to it. */
function acceptLabel(kids: boolean, name: string, position: number): string {
  const who = name.trim() || `attendee ${position + 1}`;
  if (kids) return `I am the parent or guardian of ${who} and accept the waiver for them`;
  return position === 0
    ? `I, ${who}, have read and accept the waiver`
    : `${who} has read and accepts the waiver; I accept it on their behalf`;
}

export default function WaiverStep({ waivers, names, kids, draft, onChange, errors, disabled }: WaiverStepProps) {
  const set = (patch: Partial<WaiverDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="space-y-3" disabled={disabled} aria-describedby={errors.waivers ? 'waiver-load-error' : undefined}>
      <legend className="font-medium">Waiver</legend>
      <p className="text-sm text-fog-600 dark:text-fog-400">
        Outdoor classes carry some risk. Please read the waiver and accept it for each attendee.
      </p>
      {!waivers ? (
        <p className="text-sm text-fog-600 dark:text-fog-400" role="status">
          Loading the waiver...
        </p>
      ) : (
        waivers.map((w) => (
          <details key={w.id} className="rounded-xl border border-fog-200 p-3 text-sm dark:border-fog-700">
            <summary className="cursor-pointer font-medium">
              Read: {w.title} (version {w.version}){w.owner === 'coach' ? ", the coach's own" : ''}
            </summary>
            <p className="mt-2 max-h-60 overflow-y-auto whitespace-pre-line text-fog-700 dark:text-fog-300">{w.body}</p>
          </details>
        ))
      )}
      {errors.waivers && (
        <p id="waiver-load-error" className="field-error">
          {errors.waivers}
        </p>
      )}
      {names.map((name, i) => (
        <div key={i} className="rounded-xl bg-fog-50 p-3 dark:bg-fog-800/50">
          {alreadyAccepted(waivers, name) && !draft.accepted[i] ? (
            <p className="flex items-start gap-2 text-sm" data-testid={`waiver-already-${i}`}>
              <span aria-hidden="true" className="font-bold text-brand-700 dark:text-brand-300">
                ✓
              </span>
              <span>
                Already accepted for {name.trim()} ({waivers!.map((w) => `${w.title}, version ${w.version}`).join('; ')}): not asked again.
              </span>
            </p>
          ) : (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={draft.accepted[i] ?? false}
                aria-invalid={Boolean(errors.accepted?.[i])}
                aria-describedby={errors.accepted?.[i] ? `waiver-accept-${i}-error` : undefined}
                onChange={(e) => set({ accepted: draft.accepted.map((a, j) => (j === i ? e.target.checked : a)) })}
              />
              <span>{acceptLabel(kids, name, i)}</span>
            </label>
          )}
          {errors.accepted?.[i] && (
            <p id={`waiver-accept-${i}-error`} className="field-error">
              {errors.accepted[i]}
            </p>
          )}
          <Field
            className="mt-2"
            label={`Medical note for ${name.trim() || `attendee ${i + 1}`} (optional)`}
            name={`medical-note-${i}`}
            hint="Only the coach of this class sees it."
            maxLength={500}
            value={draft.notes[i] ?? ''}
            onChange={(e) => set({ notes: draft.notes.map((n, j) => (j === i ? (e.target as HTMLInputElement).value : n)) })}
          />
        </div>
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Emergency contact name"
          name="emergency-name"
          autoComplete="off"
          value={draft.contactName}
          error={errors.contactName}
          onChange={(e) => set({ contactName: (e.target as HTMLInputElement).value })}
        />
        <Field
          label="Emergency contact phone"
          name="emergency-phone"
          type="tel"
          autoComplete="off"
          value={draft.contactPhone}
          error={errors.contactPhone}
          onChange={(e) => set({ contactPhone: (e.target as HTMLInputElement).value })}
        />
      </div>
    </fieldset>
  );
}
