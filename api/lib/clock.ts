// The clock services read, so tests can move time (hold expiry, reset-link expiry, refund windows).
import { pacificHHMM, pacificWallTimeToInstant } from '../../common/pacific';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class FakeClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The instant it would be if today (in Pacific time) were `day` (YYYY-MM-DD): the same wall-clock time there. */
export function nowOnDay(day: string, now = new Date()): Date {
  return new Date(pacificWallTimeToInstant(day, pacificHHMM(now)).getTime() + (now.getTime() % 60_000));
}

/** The system clock running from `day` at this moment's time of day (SEED_TODAY: the demo seeded, served and
 * tested as if today were that day, so what the seed calls past is past and the DST change falls where it does). */
export function clockFromDay(day: string): Clock {
  const offset = nowOnDay(day).getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}
