// In-memory rate limits (one process): failed logins per email and per IP, registrations per IP,
// password-reset requests per email and per IP, image uploads per user. Windows are read from the app clock, so tests move time.
import { DomainError } from '../errors';
import type { Clock } from './clock';

export interface RateRule {
  /** Attempts allowed inside one window. */
  max: number;
  windowMs: number;
}

export interface RateLimitConfig {
  loginPerEmail: RateRule;
  loginPerIp: RateRule;
  registerPerIp: RateRule;
  resetPerEmail: RateRule;
  resetPerIp: RateRule;
  /** Image uploads per signed-in user: uploads fill the disk, so a runaway client is stopped. */
  uploadsPerUser: RateRule;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerEmail: { max: 5, windowMs: 15 * MINUTE },
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  registerPerIp: { max: 30, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 5, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 60 * MINUTE },
  uploadsPerUser: { max: 60, windowMs: 60 * MINUTE },
};

interface Bucket {
  count: number;
  resetAt: number;
}

/** A fixed window per key that opens at the key's first hit. */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  #hitsSincePrune = 0;

  constructor(
    readonly rule: RateRule,
    private readonly clock: Clock,
  ) {}

  #bucket(key: string): Bucket | undefined {
    const bucket = this.#buckets.get(key);
    if (bucket && bucket.resetAt <= this.clock.now().getTime()) {
      this.#buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const bucket = this.#bucket(key);
    if (!bucket || bucket.count < this.rule.max) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - this.clock.now().getTime()) / 1000));
  }

  /** Counts one attempt for `key`. */
  hit(key: string): void {
    const now = this.clock.now().getTime();
    const bucket = this.#bucket(key);
    if (bucket) bucket.count++;
    else this.#buckets.set(key, { count: 1, resetAt: now + this.rule.windowMs });
    if (++this.#hitsSincePrune >= 1000) this.#prune(now);
  }

  /** Forgets `key` (a successful login clears its email's failures). */
  reset(key: string): void {
    this.#buckets.delete(key);
  }

  #prune(now: number): void {
    this.#hitsSincePrune = 0;
    for (const [key, bucket] of this.#buckets) if (bucket.resetAt <= now) this.#buckets.delete(key);
  }
}

export type RateLimits = { [K in keyof RateLimitConfig]: RateLimiter };

export function createRateLimits(config: Partial<RateLimitConfig> = {}, clock: Clock): RateLimits {
  const rules = { ...DEFAULT_RATE_LIMITS, ...config };
  return {
    loginPerEmail: new RateLimiter(rules.loginPerEmail, clock),
    loginPerIp: new RateLimiter(rules.loginPerIp, clock),
    registerPerIp: new RateLimiter(rules.registerPerIp, clock),
    resetPerEmail: new RateLimiter(rules.resetPerEmail, clock),
    resetPerIp: new RateLimiter(rules.resetPerIp, clock),
    uploadsPerUser: new RateLimiter(rules.uploadsPerUser, clock),
  };
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please wait a few minutes and try again.'): DomainError {
  return new DomainError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Throws 429 with Retry-After when any of the (limiter, key) pairs is exhausted. */
export function assertWithinLimits(checks: [RateLimiter, string][], message?: string): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) throw tooManyRequests(wait, message);
}

/** The header api/server.ts sets from the socket address (and strips from incoming requests). */
export const CLIENT_IP_HEADER = 'x-fogline-client-ip';

function isPrivateAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  return (
    v4 === '::1' ||
    /^127\./.test(v4) ||
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^f[cd][0-9a-f]{2}:/i.test(v4) // IPv6 unique local: Fly's proxy talks to the app over fdaa::/16
  );
}

/** The client's address for per-IP limits. Forwarding headers (Fly's fly-client-ip, then the first
 * x-forwarded-for entry) are believed only when the socket peer is a private or loopback address, i.e. a
 * proxy in front of us; a client on the open internet cannot pick its own address by sending them. */
export function clientIp(headers: Headers): string {
  const socket = headers.get(CLIENT_IP_HEADER)?.trim() || '';
  if (socket && !isPrivateAddress(socket)) return socket;
  const forwarded = headers.get('fly-client-ip')?.trim() || headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || socket || 'unknown';
}
