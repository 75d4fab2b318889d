import { describe, expect, it } from 'vitest';
import { inWindow, parseTimeOption, ZonedClock } from '../src/analysis/analyze/time-window.js';
import { UsageError } from '../src/prefix/index.js';

// `--since` / `--until` read dates and date-times in the given time zone; `--by day` reads days there.
describe('analyze time window', () => {
  const berlin = new ZonedClock('Europe/Berlin');

  it.each([
    ['--since', '2026-01-23', '2026-01-22T23:00:00.000Z'],
    ['--since', '20260123', '2026-01-22T23:00:00.000Z'],
    ['--until', '2026-01-23', '2026-01-23T23:00:00.000Z'],
    ['--since', '2026-07-01T14:30', '2026-07-01T12:30:00.000Z'],
    ['--since', '2026-03-29T03:30', '2026-03-29T01:30:00.000Z'],
    ['--since', '2026-07-01T14:30:00Z', '2026-07-01T14:30:00.000Z'],
  ] as const)('%s %s in Europe/Berlin starts at %s', (option, value, instant) => {
    const parsed = parseTimeOption(option, value, berlin);
    // An --until date-time includes that instant: the window ends just after it.
    expect(new Date(option === '--until' && value.includes('T') ? parsed - 1 : parsed).toISOString()).toBe(instant);
  });

  it('a day is the calendar day in the zone, across midnight UTC', () => {
    expect(berlin.dayOf(Date.parse('2026-01-22T23:30:00Z'))).toBe('2026-01-23');
    expect(new ZonedClock('UTC').dayOf(Date.parse('2026-01-22T23:30:00Z'))).toBe('2026-01-22');
  });

  it('the window keeps since, drops until, and keeps timeless requests only when unbounded', () => {
    const window = { since: Date.parse('2026-01-01T00:00:00Z'), until: Date.parse('2026-01-02T00:00:00Z') };
    expect([inWindow('2026-01-01T00:00:00.000Z', window), inWindow('2026-01-02T00:00:00.000Z', window), inWindow(null, window)]).toEqual([true, false, false]);
    expect(inWindow(null, { since: null, until: null })).toBe(true);
  });

  it('a value that is no date, or an unknown zone, is a usage error naming it', () => {
    expect(() => parseTimeOption('--since', 'last week', berlin)).toThrow(UsageError);
    expect(() => parseTimeOption('--since', 'last week', berlin)).toThrow("--since 'last week'");
    expect(() => new ZonedClock('Mars/Olympus')).toThrow("unknown time zone 'Mars/Olympus'");
  });

  it("asks for the process's own zone only when something is read in it, and names a zone only then", () => {
    let asked = 0;
    const local = new ZonedClock(() => {
      asked++;
      return 'Europe/Berlin';
    });
    expect([local.timeZoneInUse, asked]).toEqual([null, 0]);
    parseTimeOption('--since', '2026-07-01T14:30:00Z', local);
    expect([local.timeZoneInUse, asked]).toEqual([null, 0]);
    expect(parseTimeOption('--since', '2026-01-23', local)).toBe(Date.parse('2026-01-22T23:00:00Z'));
    expect(local.dayOf(Date.parse('2026-01-22T23:30:00Z'))).toBe('2026-01-23');
    expect([local.timeZoneInUse, asked]).toEqual(['Europe/Berlin', 1]);
    expect(new ZonedClock('UTC').timeZoneInUse).toBe('UTC');
  });
});
