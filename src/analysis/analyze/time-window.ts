import { UsageError } from '../../prefix/index.js';

/** Requests kept by `--since` / `--until`: ms since the epoch, both ends inclusive of `since`, exclusive of `until`. */
export interface TimeWindow {
  readonly since: number | null;
  readonly until: number | null;
}

/** The time zone of this process (the TZ environment variable, else the system's). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Checks an IANA time zone name, e.g. `Europe/Berlin` or `UTC`. */
export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw new UsageError('usage/bad-time-zone', `unknown time zone '${timeZone}': give an IANA name such as UTC or Europe/Berlin`);
  }
}

/**
 * Reads instants as wall-clock times of one time zone (one formatter, reused for every request).
 *
 * Given a function for the zone (the process's own, `localTimeZone`), the clock asks it only when
 * something is read in the zone: the first use of Intl loads ICU's zone and locale data, about 25 ms
 * of CPU, which a run with no window and no day roll-up never needs. A zone given by name is checked
 * at once.
 */
export class ZonedClock {
  readonly #zone: () => string;
  #timeZone: string | undefined;
  #format: Intl.DateTimeFormat | undefined;

  constructor(timeZone: string | (() => string)) {
    if (typeof timeZone === 'string') this.#timeZone = checkTimeZone(timeZone);
    this.#zone = typeof timeZone === 'string' ? () => timeZone : timeZone;
  }

  /** The zone's IANA name. */
  get timeZone(): string {
    return (this.#timeZone ??= this.#zone());
  }

  /** The zone's name when it was given by name or something was read in it; null when the process's own zone was never needed. */
  get timeZoneInUse(): string | null {
    return this.#timeZone ?? null;
  }

  wallClock(instant: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
    this.#format ??= new Intl.DateTimeFormat('en-US', { timeZone: this.timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const parts: Record<string, number> = {};
    for (const part of this.#format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    return { year: parts['year']!, month: parts['month']!, day: parts['day']!, hour: parts['hour']!, minute: parts['minute']!, second: parts['second']! };
  }

  /** The calendar day (`YYYY-MM-DD`) an instant falls on. */
  dayOf(instant: number): string {
    const { year, month, day } = this.wallClock(instant);
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }

  /** The instant a wall-clock time names (the earlier one in a repeated hour); days past the month's end roll over. */
  instantOf(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
    const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
    let instant = asUtc;
    // Two rounds settle the zone's offset at that instant, across a change of offset too.
    for (let round = 0; round < 2; round++) {
      const seen = this.wallClock(instant);
      const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - instant;
      instant = asUtc - offset;
    }
    return instant;
  }
}

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;
/** The calendar fields of a time with its own offset (`2026-01-23T14:30:00Z`), checked before `Date.parse`, which rolls some over. */
const OFFSET_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** Days in a month of the proleptic Gregorian calendar (February 29 in leap years). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Refuses a date or time that names no instant (`2026-13-45`, `2026-02-31`, `25:00`) instead of
 * letting the calendar arithmetic roll it over into another month or day.
 */
function checkCalendar(option: string, value: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): void {
  const wrong =
    month < 1 || month > 12
      ? `there is no month ${month}`
      : day < 1 || day > daysInMonth(year, month)
        ? `${year}-${String(month).padStart(2, '0')} has no day ${day}`
        : hour > 23 || minute > 59 || second > 59
          ? `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')} is not a time of day`
          : null;
  if (wrong !== null) throw new UsageError('usage/bad-time', `${option} '${value}' is not a date: ${wrong}`);
}

/**
 * Refuses a window that ends before it starts (`--since` after `--until`), which could keep no
 * request. Both values are named as given.
 */
export function checkWindow(window: TimeWindow, since: string | undefined, until: string | undefined): TimeWindow {
  if (window.since !== null && window.until !== null && window.since >= window.until) {
    throw new UsageError('usage/empty-window', `--since '${since ?? ''}' is not before --until '${until ?? ''}': the window would keep no request`);
  }
  return window;
}
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An instant from `--since` / `--until`: a date (`2026-01-23` or `20260123`) or a local date-time
 * (`2026-01-23T14:30`, seconds optional) read in the time zone, or a time with its own offset
 * (`…Z`, `…+01:00`). A date given to `--until` means the end of that day.
 */
export function parseTimeOption(option: '--since' | '--until', value: string, clock: ZonedClock): number {
  const date = DATE.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    checkCalendar(option, value, year, month, day);
    const start = clock.instantOf(year, month, day);
    if (option === '--since') return start;
    return clock.instantOf(year, month, day + 1);
  }
  const local = DATE_TIME.exec(value);
  if (local) {
    checkCalendar(option, value, Number(local[1]), Number(local[2]), Number(local[3]), Number(local[4]), Number(local[5]), Number(local[6] ?? 0));
    const at = clock.instantOf(Number(local[1]), Number(local[2]), Number(local[3]), Number(local[4]), Number(local[5]), Number(local[6] ?? 0));
    return option === '--until' ? at + 1 : at;
  }
  const offset = OFFSET_TIME.exec(value);
  if (offset) checkCalendar(option, value, Number(offset[1]), Number(offset[2]), Number(offset[3]), Number(offset[4] ?? 0), Number(offset[5] ?? 0), Number(offset[6] ?? 0));
  if (/(?:Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) return Date.parse(value) + (option === '--until' ? 1 : 0);
  throw new UsageError('usage/bad-time', `${option} '${value}' is not a date or date-time: use 2026-01-23, 20260123 or 2026-01-23T14:30 (local time, or --timezone)`);
}

/** True when an ISO time falls in the window (a request without a time is kept only when no bound is set). */
export function inWindow(time: string | null, window: TimeWindow): boolean {
  if (window.since === null && window.until === null) return true;
  if (time === null) return false;
  const instant = Date.parse(time);
  return (window.since === null || instant >= window.since) && (window.until === null || instant < window.until);
}
