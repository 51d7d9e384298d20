// Environment variables, parsed and validated once at start-up (the runtime contract in the spec README).
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { TRUST_PROXY_MODES, type TrustProxy } from './lib/client-address';
import { SettingError } from './lib/setting-error';
import { readPaymentSettings } from './providers/payments/settings';

function read(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function readPort(): number {
  const raw = read('PORT') ?? '4321';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** WORKERS: server processes sharing the port; by default every core in production, one elsewhere. */
function readWorkers(production: boolean): number {
  const raw = read('WORKERS');
  if (raw === undefined) return production ? availableParallelism() : 1;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new SettingError(`WORKERS must be a whole number from 1 to 256, got "${raw}"`);
  }
  return workers;
}

/** REMINDER_LEAD_HOURS: how long before a booked class its reminder email goes out (default 24). */
function readReminderLead(): number {
  const raw = read('REMINDER_LEAD_HOURS') ?? '24';
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 14)
    throw new SettingError(`REMINDER_LEAD_HOURS must be a number of hours above 0 and at most 336, got "${raw}"`);
  return hours;
}

/** CHANGE_NOTICE_WINDOW_SECONDS: how long change notices wait so a burst of edits is one email (default 120). */
function readChangeNoticeWindow(): number {
  const raw = read('CHANGE_NOTICE_WINDOW_SECONDS') ?? '120';
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600)
    throw new SettingError(`CHANGE_NOTICE_WINDOW_SECONDS must be a number of seconds from 1 to 3600, got "${raw}"`);
  return seconds * 1000;
}

/** JOBS_EVERY_SECONDS (tests and demos): no recurring background job waits longer than this between runs, so a
 * browser test sees the weather call or a reminder seconds after the clock passes it rather than up to a minute
 * later. The jobs do the same work, only sooner; unset, each keeps its own period (api/background.ts). */
function readJobsEvery(): number | null {
  const raw = read('JOBS_EVERY_SECONDS');
  if (raw === undefined) return null;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600)
    throw new SettingError(`JOBS_EVERY_SECONDS must be a number of seconds from 1 to 3600, got "${raw}"`);
  return seconds * 1000;
}

/** OUTBOX_LEASE_SECONDS: how long a worker's claim on an outbox email lasts before another process may assume it
 * died and send it (api/notices/outbox.ts); tests shorten it to prove a crash loses nothing. */
function readOutboxLease(): number {
  const raw = read('OUTBOX_LEASE_SECONDS') ?? '60';
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600)
    throw new SettingError(`OUTBOX_LEASE_SECONDS must be a number of seconds from 1 to 3600, got "${raw}"`);
  return seconds * 1000;
}

const dataDir = resolve(read('DATA_DIR') ?? './data');
const databaseUrl = read('DATABASE_URL') ?? `file:${resolve(dataDir, 'fogline.db')}`;
if (!/^(file:|libsql:\/\/|https?:\/\/)/.test(databaseUrl)) {
  throw new SettingError(`DATABASE_URL must start with file:, libsql:// or https://, got "${databaseUrl}"`);
}

/** A libSQL server means several machines may serve Fogline: files kept on one machine's disk would be missing
 * on the others, so uploads must go to S3 unless UPLOADS=local says every process shares this DATA_DIR. */
function checkUploadsAreShared(): void {
  const uploads = read('UPLOADS');
  if (uploads !== undefined && uploads !== 'local') throw new SettingError(`UPLOADS must be "local" or unset, got "${uploads}"`);
  if (databaseUrl.startsWith('file:') || read('S3_BUCKET') || uploads === 'local') return;
  throw new SettingError(
    'DATABASE_URL points at a libSQL server, so several machines may serve Fogline, but uploads would be kept in ' +
      'DATA_DIR/uploads on this machine only. Set S3_BUCKET (with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and ' +
      'S3_ENDPOINT) so every machine stores them in one bucket, or UPLOADS=local if every process runs on this one machine.',
  );
}
checkUploadsAreShared();

function readS3(bucket: string) {
  const endpoint = read('S3_ENDPOINT');
  const region = read('S3_REGION') ?? read('AWS_REGION');
  const publicUrl =
    read('S3_PUBLIC_URL') ??
    (endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : `https://${bucket}.s3.${region ?? 'us-east-1'}.amazonaws.com`);
  if (!/^https?:\/\//.test(publicUrl)) throw new SettingError(`S3_PUBLIC_URL must start with http:// or https://, got "${publicUrl}"`);
  return {
    bucket,
    accessKeyId: read('S3_ACCESS_KEY_ID') ?? read('AWS_ACCESS_KEY_ID'),
    secretAccessKey: read('S3_SECRET_ACCESS_KEY') ?? read('AWS_SECRET_ACCESS_KEY'),
    endpoint,
    region,
    publicUrl,
  };
}

/** Uploads stop while less than this much disk is free, so bookings and the database keep room to write. */
function readUploadMinFreeBytes(): number {
  const raw = read('UPLOAD_MIN_FREE_MB') ?? '256';
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb < 0) throw new SettingError(`UPLOAD_MIN_FREE_MB must be a number of megabytes, got "${raw}"`);
  return mb * 1024 * 1024;
}

function readTrustProxy(): TrustProxy {
  const raw = read('TRUST_PROXY') ?? 'none';
  if (!(TRUST_PROXY_MODES as readonly string[]).includes(raw)) {
    throw new SettingError(`TRUST_PROXY must be one of ${TRUST_PROXY_MODES.join(', ')}, got "${raw}"`);
  }
  return raw as TrustProxy;
}

/** WEATHER and AIR_QUALITY (api/providers/weather): NWS in production, the labelled sample elsewhere. */
function readConditions(production: boolean, publicUrl: string) {
  const weather = read('WEATHER') ?? (production ? 'nws' : 'sample');
  if (!['nws', 'sample', 'off'].includes(weather)) throw new SettingError(`WEATHER must be nws, sample or off, got "${weather}"`);
  const airNowKey = read('AIRNOW_API_KEY');
  const airQuality = read('AIR_QUALITY') ?? (airNowKey ? 'airnow' : weather === 'sample' ? 'sample' : 'off');
  if (!['airnow', 'sample', 'off'].includes(airQuality))
    throw new SettingError(`AIR_QUALITY must be airnow, sample or off, got "${airQuality}"`);
  return {
    weather: weather as 'nws' | 'sample' | 'off',
    airQuality: airQuality as 'airnow' | 'sample' | 'off',
    airNowKey,
    nwsBaseUrl: read('NWS_BASE_URL') ?? 'https://api.weather.gov',
    airNowBaseUrl: read('AIRNOW_BASE_URL') ?? 'https://www.airnowapi.org',
    // NWS asks every client to name itself and a contact in its User-Agent.
    nwsUserAgent: read('NWS_USER_AGENT') ?? `Fogline (${publicUrl}, ${read('MAIL_FROM') ?? 'hello@fogline.test'})`,
  };
}

const production = process.env.NODE_ENV === 'production';
const payments = readPaymentSettings(read, production);

/** SEED_TODAY (YYYY-MM-DD, for tests and demos): the clock runs from that day, so the demo is seeded and served as
 * if today were that day (`npm run test:days`). A deployed server takes it only beside PAYMENTS=test. */
function readSeedToday(): string | null {
  const raw = read('SEED_TODAY');
  if (raw === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T12:00:00Z`)))
    throw new SettingError(`SEED_TODAY must be a day as YYYY-MM-DD, got "${raw}"`);
  if (production && !payments.announceTestPayments)
    throw new SettingError('SEED_TODAY moves the clock, for tests and demos only: in production it needs PAYMENTS=test');
  return raw;
}

export const env = {
  port: readPort(),
  production,
  workers: readWorkers(process.env.NODE_ENV === 'production'),
  dataDir,
  uploadsDir: resolve(dataDir, 'uploads'),
  outboxDir: resolve(dataDir, 'outbox'),
  databaseUrl,
  databaseAuthToken: read('DATABASE_AUTH_TOKEN'),
  seed: read('SEED') !== 'none',
  /** Which data an empty database gets: the demo, or (SEED=scale) the demo plus a marketplace-sized set. */
  seedSet: read('SEED') === 'scale' ? ('scale' as const) : ('demo' as const),
  /** SEED_TODAY: the day the clock starts from (tests and demos), or null for the real one. */
  seedToday: readSeedToday(),
  /** Whose word on the client's address is believed (api/lib/client-address.ts). */
  trustProxy: readTrustProxy(),
  /** The public origin used in emails and OAuth redirects. */
  publicUrl: (read('PUBLIC_URL') ?? `http://localhost:${readPort()}`).replace(/\/$/, ''),
  /** Stripe, or null for the built-in test provider (api/providers/payments/settings.ts: fails closed in production). */
  stripe: payments.stripe,
  /** The test provider runs in production (PAYMENTS=test): every page says so. */
  announceTestPayments: payments.announceTestPayments,
  smtpUrl: read('SMTP_URL'),
  mailFrom: read('MAIL_FROM') ?? 'Fogline <hello@fogline.test>',
  google:
    read('GOOGLE_CLIENT_ID') && read('GOOGLE_CLIENT_SECRET')
      ? { clientId: read('GOOGLE_CLIENT_ID')!, clientSecret: read('GOOGLE_CLIENT_SECRET')! }
      : null,
  googleMapsKey: read('PUBLIC_GOOGLE_MAPS_API_KEY'),
  /** Reminder emails go out this many hours before each booked class (api/notices/reminders.ts). */
  reminderLeadHours: readReminderLead(),
  /** Change notices are combined per person over this window (api/notices/changes.ts). */
  changeNoticeWindowMs: readChangeNoticeWindow(),
  /** A claimed outbox email is another process's to send after this (api/notices/outbox.ts). */
  outboxLeaseMs: readOutboxLease(),
  /** JOBS_EVERY_SECONDS: the longest any recurring job waits between runs, or null for each job's own period. */
  jobsEveryMs: readJobsEvery(),
  uploadMinFreeBytes: readUploadMinFreeBytes(),
  /** Uploads go to an S3-compatible bucket when S3_BUCKET is set (keys also from Bun's S3_/AWS_ variables). */
  s3: read('S3_BUCKET') ? readS3(read('S3_BUCKET')!) : null,
  /** Forecast and AQI providers (api/providers/weather). */
  conditions: readConditions(production, (read('PUBLIC_URL') ?? `http://localhost:${readPort()}`).replace(/\/$/, '')),
};

export type Env = typeof env;

/** The same settings with every file under another data folder (tests: one folder per test file). */
export function envForDataDir(dir: string): Partial<Env> {
  const dataDir = resolve(dir);
  return {
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    outboxDir: resolve(dataDir, 'outbox'),
    databaseUrl: `file:${resolve(dataDir, 'fogline.db')}`,
    databaseAuthToken: undefined,
  };
}
