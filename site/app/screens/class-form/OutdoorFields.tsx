// The class form's outdoor part: the coach's weather policy (thresholds and rain plan, starting from their saved
// defaults or the built-in ones, AQI lower for Kids), the minimum class size with its decision time, the meeting
// point (a pin, how to find the group, a photo), and the daylight warning for sessions ending after civil dusk.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Recurrence } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { defaultWeatherPolicy, RAIN_PLANS, type WeatherPolicy } from '../../../../api/conditions/model';
import { formatDateFull, formatTimePT } from '../../../../common/pacific';
import { api, unwrap } from '../../../lib/api';
import { sessionDays, sessionsAfterDusk } from '../../../lib/daylight';
import { Field } from '../../../lib/form';
import { uploadImage } from '../../../lib/upload-image';

export interface OutdoorValues {
  rainChance: string;
  aqi: string;
  windMph: string;
  heatF: string;
  rainPlan: WeatherPolicy['rainPlan'];
  backupLocation: string;
  minAttendees: string;
  decisionHours: string;
  meetingLatitude: string;
  meetingLongitude: string;
  meetingNotes: string;
  meetingPhoto: string | null;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

function policyValues(policy: WeatherPolicy) {
  return {
    rainChance: text(policy.rainChance),
    aqi: text(policy.aqi),
    windMph: text(policy.windMph),
    heatF: text(policy.heatF),
    rainPlan: policy.rainPlan,
    backupLocation: policy.backupLocation ?? '',
  };
}

export function outdoorValuesFrom(c: ClassJson | null, ageGroup: string): OutdoorValues {
  return {
    ...policyValues(c?.weatherPolicy ?? defaultWeatherPolicy(ageGroup)),
    minAttendees: text(c?.minAttendees),
    decisionHours: text(c?.decisionHours ?? 12),
    meetingLatitude: text(c?.meetingPoint?.latitude),
    meetingLongitude: text(c?.meetingPoint?.longitude),
    meetingNotes: c?.meetingPoint?.notes ?? '',
    meetingPhoto: c?.meetingPoint?.photo ?? null,
  };
}

/** The fields the class resource takes (POST and PATCH /api/classes). */
export function toOutdoorFields(o: OutdoorValues) {
  const lat = numberOrNull(o.meetingLatitude);
  const lng = numberOrNull(o.meetingLongitude);
  return {
    weatherPolicy: {
      rainChance: numberOrNull(o.rainChance),
      aqi: numberOrNull(o.aqi),
      windMph: numberOrNull(o.windMph),
      heatF: numberOrNull(o.heatF),
      rainPlan: o.rainPlan,
      backupLocation: o.rainPlan === 'backup' ? o.backupLocation.trim() || null : null,
    },
    minAttendees: numberOrNull(o.minAttendees),
    decisionHours: o.minAttendees.trim() === '' ? null : (numberOrNull(o.decisionHours) ?? 12),
    meetingPoint:
      lat !== null && lng !== null ? { latitude: lat, longitude: lng, notes: o.meetingNotes.trim() || null, photo: o.meetingPhoto } : null,
  };
}

/** The outdoor values, starting from the coach's saved defaults on a new class. */
export function useOutdoorValues(existing: ClassJson | null, creating: boolean, ageGroup: string) {
  const [values, setValues] = useState<OutdoorValues>(() => outdoorValuesFrom(existing, ageGroup));
  const [touchedAqi, setTouchedAqi] = useState(false);
  const defaults = useQuery({
    queryKey: ['weather-policy'],
    queryFn: () => unwrap(api['weather-policy'].get()),
    enabled: creating && !existing,
  });
  useEffect(() => {
    if (defaults.data?.policy) setValues((v) => ({ ...v, ...policyValues(defaults.data!.policy!) }));
  }, [defaults.data]);
  // A Kids class starts from a lower AQI limit, until the coach sets their own.
  useEffect(() => {
    if (!touchedAqi && !defaults.data?.policy) setValues((v) => ({ ...v, aqi: text(defaultWeatherPolicy(ageGroup).aqi) }));
  }, [ageGroup]);
  const set = <K extends keyof OutdoorValues>(key: K, value: OutdoorValues[K]) => {
    if (key === 'aqi') setTouchedAqi(true);
    setValues((v) => ({ ...v, [key]: value }));
  };
  return { values, set };
}

export function DaylightWarning({
  day,
  time,
  duration,
  recurrence,
}: {
  day: string;
  time: string;
  duration: number;
  recurrence: Recurrence | null;
}) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time) || !duration) return null;
  const days = sessionDays(day, recurrence);
  const dark = sessionsAfterDusk(days, time, duration);
  if (dark.length === 0) return null;
  const first = dark[0]!;
  const which = days.length === 1 ? 'This class ends' : `${dark.length} of ${days.length} sessions end`;
  return (
    <p
      role="alert"
      className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span className="font-semibold">After dark:</span> {which} after civil dusk in San Francisco
      {days.length === 1
        ? ` (${formatTimePT(first.dusk)})`
        : `, the first on ${formatDateFull(first.end)} (dusk ${formatTimePT(first.dusk)})`}
      . Plan lights or an earlier start.
    </p>
  );
}

const PLAN_LABEL: Record<WeatherPolicy['rainPlan'], string> = {
  light_rain: 'We run in light rain',
  backup: 'Move to a backup location',
  cancel: 'Cancel with a full refund',
};

export function OutdoorFields({
  values,
  set,
  capacity,
  classPin,
  errors,
}: {
  values: OutdoorValues;
  set: ReturnType<typeof useOutdoorValues>['set'];
  capacity: string;
  classPin: { latitude: number | null; longitude: number | null };
  errors: Record<string, string | undefined>;
}) {
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const bindText = (key: keyof OutdoorValues) => ({
    name: key,
    value: String(values[key] ?? ''),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    error: errors[key],
  });
  return (
    <>
      <section className="card space-y-5 p-5 sm:p-6" aria-labelledby="weather-heading">
        <div>
          <h2 id="weather-heading" className="text-lg font-semibold">
            Weather policy
          </h2>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
            When the forecast reaches a limit 24 hours or 3 hours before the class, we email you to make the call. Leave a limit empty to
            ignore it. Customers see the policy on the class page.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-5 sm:grid-cols-4">
          <Field label="Chance of rain (%)" type="number" min={10} max={100} inputMode="numeric" {...bindText('rainChance')} />
          <Field label="AQI" type="number" min={50} max={300} inputMode="numeric" {...bindText('aqi')} />
          <Field label="Wind (mph)" type="number" min={10} max={80} inputMode="numeric" {...bindText('windMph')} />
          <Field label="Heat (°F)" type="number" min={70} max={120} inputMode="numeric" {...bindText('heatF')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            as="select"
            label="Rain plan"
            {...bindText('rainPlan')}
            options={RAIN_PLANS.map((p) => ({ value: p, label: PLAN_LABEL[p] }))}
          />
          {values.rainPlan === 'backup' && (
            <Field label="Backup location" maxLength={200} placeholder="Rec center gym, 50 Scott St" {...bindText('backupLocation')} />
          )}
        </div>
      </section>

      <section className="card space-y-5 p-5 sm:p-6" aria-labelledby="minimum-heading">
        <div>
          <h2 id="minimum-heading" className="text-lg font-semibold">
            Minimum class size
          </h2>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
            Optional. Below the minimum at the decision time, the class is cancelled and everyone is refunded in full.
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Runs with at least"
            type="number"
            min={2}
            max={Number(capacity) || undefined}
            inputMode="numeric"
            hint="People; empty for no minimum"
            {...bindText('minAttendees')}
          />
          <Field
            label="Decide (hours before the start)"
            type="number"
            min={1}
            max={72}
            inputMode="numeric"
            disabled={values.minAttendees.trim() === ''}
            {...bindText('decisionHours')}
          />
        </div>
      </section>

      <section className="card space-y-5 p-5 sm:p-6" aria-labelledby="meeting-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="meeting-heading" className="text-lg font-semibold">
              Meeting point
            </h2>
            <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
              Optional. The exact spot in the park, shown with Directions links.
            </p>
          </div>
          {classPin.latitude !== null && classPin.longitude !== null && (classPin.latitude !== 0 || classPin.longitude !== 0) && (
            <button
              type="button"
              className="btn-secondary px-4 py-2"
              onClick={() => {
                set('meetingLatitude', String(classPin.latitude));
                set('meetingLongitude', String(classPin.longitude));
              }}
            >
              Use the address's pin
            </button>
          )}
        </div>
        <div className="grid grid-cols-2 gap-5">
          <Field label="Latitude" inputMode="decimal" placeholder="37.80393" {...bindText('meetingLatitude')} />
          <Field label="Longitude" inputMode="decimal" placeholder="-122.46477" {...bindText('meetingLongitude')} />
        </div>
        <Field
          as="textarea"
          label="How to find us"
          rows={2}
          maxLength={300}
          placeholder="By the big cypress, look for the orange flag"
          {...bindText('meetingNotes')}
        />
        <div>
          <label className="label" htmlFor="meeting-photo">
            Photo of the spot
          </label>
          <div className="flex flex-wrap items-center gap-3">
            {values.meetingPhoto && <img src={values.meetingPhoto} alt="The meeting point" className="h-20 w-28 rounded-lg object-cover" />}
            <input
              id="meeting-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="text-sm"
              disabled={uploading}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setUploading(true);
                setPhotoError(null);
                try {
                  set('meetingPhoto', await uploadImage(file));
                } catch (error) {
                  setPhotoError((error as Error).message);
                } finally {
                  setUploading(false);
                }
              }}
            />
            {values.meetingPhoto && (
              <button type="button" className="btn-ghost px-3 py-1" onClick={() => set('meetingPhoto', null)}>
                Remove photo
              </button>
            )}
          </div>
          {uploading && (
            <p className="mt-1.5 text-xs text-fog-600" role="status">
              Uploading...
            </p>
          )}
          {photoError && <p className="field-error">{photoError}</p>}
        </div>
      </section>
    </>
  );
}
