import { describe, expect, it } from 'vitest';
import { median, toBenchResult, type ComparisonSpec } from '../bench/support/scenario.js';

const spec: ComparisonSpec = {
  name: 'segment-hash-text/1MiB',
  scenario: 'segment-hash-text',
  subject: 'new Segment(...)',
  baselineName: 'xxhash-wasm h64(string)',
  goal: 0.8,
  details: { bytes: 1_048_576 },
};

describe('bench result ratio', () => {
  it('divides the baseline median by ours, so above 1 means kvprefix is faster', () => {
    const result = toBenchResult(spec, { medianMs: 2, samples: 40 }, { medianMs: 5, samples: 30 });
    expect(result).toMatchObject({ name: spec.name, medianMs: 2, baseline: 5, ratio: 2.5, goal: 0.8, met: true, samples: 40, baselineSamples: 30, details: { bytes: 1_048_576 } });
  });

  it('marks a ratio below the goal as not met, and exactly at the goal as met', () => {
    expect(toBenchResult(spec, { medianMs: 10, samples: 9 }, { medianMs: 7.9, samples: 9 }).met).toBe(false);
    expect(toBenchResult(spec, { medianMs: 10, samples: 9 }, { medianMs: 8, samples: 9 }).met).toBe(true);
  });

  it('leaves met null for an informational result with no goal', () => {
    const result = toBenchResult({ ...spec, goal: null }, { medianMs: 10, samples: 9 }, { medianMs: 1, samples: 9 });
    expect(result.ratio).toBeCloseTo(0.1);
    expect(result.met).toBeNull();
  });

  it('refuses a zero median, which would make the ratio infinite', () => {
    expect(() => toBenchResult(spec, { medianMs: 0, samples: 9 }, { medianMs: 1, samples: 9 })).toThrow(/segment-hash-text\/1MiB.*timer resolution/);
  });

  it('takes the middle sample, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(/no samples/);
  });
});
