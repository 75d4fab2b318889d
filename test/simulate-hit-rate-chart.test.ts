import { describe, expect, it } from 'vitest';
import { defaultBucketSeconds, HitRateSeries } from '../src/analysis/simulate/hit-rate-series.js';
import { hitRateChart } from '../src/analysis/simulate/hit-rate-chart.js';

describe('hit-rate series and chart', () => {
  it('buckets requests by arrival and leaves a gap in the traffic as null, not 0%', () => {
    const series = new HitRateSeries(60);
    series.add(0, 10, 5);
    series.add(59_999, 10, 5);
    series.add(150_000, 4, 4);
    expect(series.points()).toEqual([
      { startSeconds: 0, endSeconds: 60, requests: 2, blocks: 20, hitBlocks: 10, hitRate: 0.5 },
      { startSeconds: 60, endSeconds: 120, requests: 0, blocks: 0, hitBlocks: 0, hitRate: null },
      { startSeconds: 120, endSeconds: 180, requests: 1, blocks: 4, hitBlocks: 4, hitRate: 1 },
    ]);
  });

  it('draws one column per point, full for 100%, half for 50%, a dot on the base line for no traffic', () => {
    const series = new HitRateSeries(60);
    series.add(0, 10, 5);
    series.add(150_000, 4, 4);
    const lines = hitRateChart(series.points(), 4).split('\n');
    expect(lines.slice(0, 4)).toEqual(['100% │  █', '     │  █', ' 50% │█ █', '  0% │█·█']);
    expect(lines[4]).toBe('     └───');
    expect(lines[5]).toMatch(/^ {6}0 s +3 min$/);
  });

  it('picks a round bucket width giving at most 60 points', () => {
    expect(defaultBucketSeconds(3537)).toBe(60);
    expect(defaultBucketSeconds(100)).toBe(2);
    expect(defaultBucketSeconds(0)).toBe(1);
  });
});
