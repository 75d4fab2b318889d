import { describe, expect, it } from 'vitest';
import { formatResult } from '../bench/support/report.js';
import { toBenchResult, type ComparisonSpec } from '../bench/support/scenario.js';

const spec: ComparisonSpec = { name: 'simulate-trace/x', scenario: 'simulate-trace', subject: 'ours', baselineName: 'plain', goal: null, maxMs: 500 };

describe('bench time goal', () => {
  it('meets a time goal when our median is at most maxMs, whatever the ratio', () => {
    expect(toBenchResult(spec, { medianMs: 500, samples: 5 }, { medianMs: 100, samples: 5 })).toMatchObject({ maxMs: 500, met: true, ratio: 0.2 });
    expect(toBenchResult(spec, { medianMs: 501, samples: 5 }, { medianMs: 9000, samples: 5 }).met).toBe(false);
  });

  it('needs both the ratio goal and the time goal when a result has both', () => {
    expect(toBenchResult({ ...spec, goal: 2 }, { medianMs: 100, samples: 5 }, { medianMs: 150, samples: 5 }).met).toBe(false);
    expect(toBenchResult({ ...spec, goal: 2 }, { medianMs: 100, samples: 5 }, { medianMs: 250, samples: 5 }).met).toBe(true);
  });

  it('prints both goals in the verdict', () => {
    const result = toBenchResult({ ...spec, goal: 2 }, { medianMs: 100, samples: 5 }, { medianMs: 250, samples: 5 });
    expect(formatResult(result)).toContain('goal ≥ 2× and ≤ 500 ms: met');
  });

  it('leaves met null when there is neither goal', () => {
    const { maxMs: _unused, ...informational } = spec;
    expect(toBenchResult(informational, { medianMs: 1, samples: 5 }, { medianMs: 1, samples: 5 })).toMatchObject({ maxMs: null, met: null });
  });
});
