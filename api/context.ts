// Everything a request needs from the outside world, created once per server: database, clock, providers.
// Passed explicitly (to the Elysia app and to Astro through locals), never held in a module global.
import { openDb, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { env as defaultEnv, type Env } from './env';
import { createGoogleSignIn, type GoogleSignIn } from './auth/google';
import { type Clock, clockFromDay, systemClock } from './lib/clock';
import { createRateLimits, type RateLimitConfig, type RateLimits } from './lib/rate-limit';
import { createMailProvider, type MailProvider } from './providers/mail';
import { createPaymentProvider, type PaymentProvider, type ProviderIntent, type SubscriptionEvent } from './providers/payments';
import { createMapsProvider, type MapsProvider } from './providers/maps';
import { createStorageProvider, type StorageProvider } from './providers/storage';
import { type AirQualityProvider, createAirQualityProvider, createWeatherProvider, type WeatherProvider } from './providers/weather';

export interface AppContext {
  env: Env;
  db: Db;
  clock: Clock;
  mail: MailProvider;
  payments: PaymentProvider;
  maps: MapsProvider;
  /** Google sign-in, or null when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleSignIn | null;
  storage: StorageProvider;
  rateLimits: RateLimits;
  /** Forecasts (NWS, the sample or off) and AQI (AirNow, the sample or off), read only by background jobs. */
  weather: WeatherProvider;
  airQuality: AirQualityProvider;
  /** Emails new waitlist offers once the write that made them commits (the booking domain calls it, api/spots
   * SpotsContext). Wired by createApi (api/app.ts) to api/notices; a context with no app announces them at
   * the next waitlist sweep. */
  announceOffers?: () => Promise<void>;
  /** Settles a succeeded payment intent that pays for a pass (metadata passPurchaseId): the payment webhook and
   * the test provider's card endpoint hand it over. Wired by createApi (api/app.ts) to api/passes. */
  settlePassIntent?: (intent: ProviderIntent) => Promise<void>;
  /** Hands the payment provider's membership events (invoice.paid, invoice.payment_failed,
   * customer.subscription.deleted) from the webhook and the test card form to api/passes/memberships. Wired by
   * createApi (api/app.ts): the payments feature may not import another feature. */
  onSubscriptionEvent?: (event: SubscriptionEvent) => Promise<void>;
  /** Charges the membership fees due (a booking's own late-cancel fee once its cancellation committed, or all of
   * them): the bookings feature hands over to api/membership-fees. Wired by createApi (api/app.ts); left out, the
   * membership-fees job charges them. */
  chargeMembershipFees?: (bookingId?: number) => Promise<unknown>;
}

export interface ContextOptions {
  env?: Partial<Env>;
  clock?: Clock;
  mail?: MailProvider;
  /** Tests inject a Stripe provider whose HTTP client is a local fake of Stripe's API. */
  payments?: PaymentProvider;
  maps?: MapsProvider;
  google?: GoogleSignIn | null;
  storage?: StorageProvider;
  weather?: WeatherProvider;
  airQuality?: AirQualityProvider;
  /** Tighter or looser limits (tests exercise them without waiting). */
  rateLimits?: Partial<RateLimitConfig>;
  /** Apply migrations (default). Worker processes skip it: their primary migrated before starting them. */
  migrate?: boolean;
}

export async function createContext(options: ContextOptions = {}): Promise<AppContext> {
  const env: Env = { ...defaultEnv, ...options.env };
  const db = await openDb(env.databaseUrl, env.databaseAuthToken);
  if (options.migrate ?? true) await migrateDb(db);
  const clock = options.clock ?? (env.seedToday ? clockFromDay(env.seedToday) : systemClock);
  const ctx: AppContext = {
    env,
    db,
    clock,
    mail: options.mail ?? createMailProvider({ smtpUrl: env.smtpUrl, outboxDir: env.outboxDir, from: env.mailFrom }),
    payments: options.payments ?? createPaymentProvider(env, db, clock),
    maps: options.maps ?? createMapsProvider(env.googleMapsKey),
    google: options.google !== undefined ? options.google : createGoogleSignIn(env.google, env.publicUrl),
    storage: options.storage ?? createStorageProvider({ uploadsDir: env.uploadsDir, s3: env.s3 }),
    rateLimits: createRateLimits(db, clock, options.rateLimits),
    weather: options.weather ?? createWeatherProvider(env.conditions, clock),
    airQuality: options.airQuality ?? createAirQualityProvider(env.conditions, clock),
  };
  return ctx;
}
