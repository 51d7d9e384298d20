// "Who's coming?": one name per booked spot (the first pre-filled with the booker, except in Kids classes, where
// every spot is a child) and, for Kids classes, each child's age. Used by the class page's booking card (free classes) and the checkout (paid ones); the names are
// checked with the API's own schemas, so the messages match the server's.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { Field } from '../../lib/form';
import { AGE_REQUIRED, AttendeeAge, AttendeeName, ATTENDEE_NAME_MAX, type AttendeeInput } from '../../../api/attendees/model';

interface AttendeeDraft {
  name: string;
  age: string;
}

/** The drafts for `quantity` spots: kept as typed when the count changes, the first one the booker. */
export function useAttendeeDrafts(quantity: number, bookerName: string | null) {
  const [drafts, setDrafts] = useState<AttendeeDraft[]>(() => [{ name: bookerName ?? '', age: '' }]);
  useEffect(() => {
    setDrafts((current) => {
      const next = current.slice(0, quantity);
      while (next.length < quantity) next.push({ name: '', age: '' });
      if (bookerName && next[0] && next[0].name === '') next[0] = { ...next[0], name: bookerName };
      return next;
    });
  }, [quantity, bookerName]);
  return [drafts, setDrafts] as const;
}

export type AttendeeErrors = Record<number, { name?: string; age?: string }>;

/** The request's `attendees`, or the message under each field that is not right yet. */
export function readAttendees(drafts: AttendeeDraft[], kids: boolean): { attendees: AttendeeInput[] } | { errors: AttendeeErrors } {
  const errors: AttendeeErrors = {};
  const attendees = drafts.map((draft, i) => {
    const name = v.safeParse(AttendeeName, draft.name);
    if (!name.success) errors[i] = { name: name.issues[0].message };
    let age: number | null = null;
    if (draft.age.trim() !== '') {
      const parsed = v.safeParse(AttendeeAge, Number(draft.age));
      if (parsed.success) age = parsed.output;
      else errors[i] = { ...errors[i], age: parsed.issues[0].message };
    } else if (kids) errors[i] = { ...errors[i], age: AGE_REQUIRED };
    return { name: name.success ? name.output : draft.name, age };
  });
  return Object.keys(errors).length ? { errors } : { attendees };
}

/** Moves focus to the first name or age with an error, scrolled to the middle of the screen (clear of the sticky
 * header and the phone's bars); its message is announced (the field's error is role="alert"). */
export function focusFirstAttendeeError(root: ParentNode | null, errors: AttendeeErrors): void {
  const first = Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))[0];
  if (!first) return;
  const [index, problem] = first;
  const field = root?.querySelector<HTMLElement>(`[name="attendees.${index}.${problem.name ? 'name' : 'age'}"]`);
  field?.focus({ preventScroll: true });
  field?.scrollIntoView({ block: 'center' });
}

interface AttendeeFieldsProps {
  drafts: AttendeeDraft[];
  onChange: (drafts: AttendeeDraft[]) => void;
  kids: boolean;
  errors: AttendeeErrors;
  disabled?: boolean;
}

export default function AttendeeFields({ drafts, onChange, kids, errors, disabled }: AttendeeFieldsProps) {
  const update = (index: number, patch: Partial<AttendeeDraft>) => onChange(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="font-medium">Who's coming?</legend>
      <p className="text-sm text-fog-600 dark:text-fog-400">
        {kids ? "Each child's name and age, so the coach knows who to expect." : 'A name for each spot, so the coach knows who to expect.'}
      </p>
      {drafts.map((draft, i) => (
        <div key={i} className={kids ? 'grid grid-cols-[minmax(0,1fr)_5.5rem] gap-3' : ''}>
          <Field
            label={kids ? `Child ${i + 1} name` : `Attendee ${i + 1} name`}
            name={`attendees.${i}.name`}
            value={draft.name}
            error={errors[i]?.name}
            maxLength={ATTENDEE_NAME_MAX + 10}
            autoComplete={i === 0 && !kids ? 'name' : 'off'}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          {kids && (
            <Field
              label="Age"
              name={`attendees.${i}.age`}
              value={draft.age}
              error={errors[i]?.age}
              className="tabular-nums"
              inputMode="numeric"
              maxLength={3}
              onChange={(e) => update(i, { age: e.target.value.replace(/\D/g, '') })}
            />
          )}
        </div>
      ))}
    </fieldset>
  );
}
