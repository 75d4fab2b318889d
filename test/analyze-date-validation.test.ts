import { describe, expect, it } from 'vitest';
import { parseTimeOption, ZonedClock } from '../src/analysis/analyze/time-window.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

async function run(argv: string[]) {
  const io = bufferedIo(process.cwd());
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

// A date the calendar does not have is refused, never rolled over into another month or day.
describe('analyze --since / --until take only real dates, in order', () => {
  it.each([
    ['--since', '2026-13-45', 'there is no month 13'],
    ['--until', '2026-02-31', '2026-02 has no day 31'],
    ['--since', '20260230', '2026-02 has no day 30'],
    ['--until', '2025-02-29', '2025-02 has no day 29'],
    ['--since', '2026-01-23T24:30', '24:30:00 is not a time of day'],
    ['--since', '2026-04-31T10:00:00Z', '2026-04 has no day 31'],
  ] as const)('%s %s: exit 2 naming the value (%s)', async (option, value, why) => {
    const { code, out, err } = await run(['analyze', '.', option, value]);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toContain(`${option} '${value}' is not a date: ${why}`);
  });

  it('February 29 of a leap year is a day', () => {
    expect(new Date(parseTimeOption('--since', '2028-02-29', new ZonedClock('UTC'))).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('--since after --until: exit 2 naming both values', async () => {
    const { code, err } = await run(['analyze', '.', '--since', '2026-03-02', '--until', '2026-03-01', '--timezone', 'UTC']);
    expect(code).toBe(EXIT.usage);
    expect(err).toContain("--since '2026-03-02' is not before --until '2026-03-01'");
  });

  it('--since and --until on the same day pass the check (the run goes on to read the path)', async () => {
    const { code, err } = await run(['analyze', '/nonexistent-kvprefix-path', '--since', '2026-03-01', '--until', '2026-03-01', '--timezone', 'UTC']);
    expect(code).toBe(EXIT.input);
    expect(err).toContain('/nonexistent-kvprefix-path');
    expect(err).not.toContain('is not before');
  });
});
