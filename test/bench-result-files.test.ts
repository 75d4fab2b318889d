import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatReport, resultDocument, writeResultFiles, type MachineInfo, type ResultDocument } from '../bench/support/report.js';
import { toBenchResult } from '../bench/support/scenario.js';

const machine: MachineInfo = { node: 'v20.20.2', platform: 'linux', arch: 'x64', cpus: 2, cpuModel: 'test cpu' };
const hashing = toBenchResult(
  { name: 'segment-hash-bytes/1MiB', scenario: 'segment-hash-bytes', subject: 'ours', baselineName: 'h64Raw', goal: 0.8 },
  { medianMs: 0.12, samples: 100 },
  { medianMs: 0.11, samples: 100 },
);
const compare = toBenchResult(
  { name: 'compare-prefix-warm/rendered', scenario: 'compare-prefix-warm', subject: 'ours', baselineName: 'naive', goal: 100, details: { commonTokens: 199_257 } },
  { medianMs: 2, samples: 50 },
  { medianMs: 150, samples: 30 },
);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('bench result files', () => {
  it('writes latest.json and one file per scenario, each giving name, ratio, baseline and medianMs per result', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-bench-'));
    folders.push(folder);
    const document = resultDocument([hashing, compare], new Date('2026-11-29T12:00:00Z'), machine);
    writeResultFiles(document, folder);
    expect(readdirSync(folder).sort()).toEqual(['compare-prefix-warm.json', 'latest.json', 'segment-hash-bytes.json']);

    const latest = JSON.parse(readFileSync(path.join(folder, 'latest.json'), 'utf8')) as ResultDocument;
    expect(latest.date).toBe('2026-11-29T12:00:00.000Z');
    expect(latest.results.map((result) => [result.name, result.ratio, result.baseline, result.medianMs])).toEqual([
      ['segment-hash-bytes/1MiB', 0.11 / 0.12, 0.11, 0.12],
      ['compare-prefix-warm/rendered', 75, 150, 2],
    ]);
    // 0.92× meets 0.8, but 75× misses 100: the run as a whole did not meet its goals.
    expect(latest.allGoalsMet).toBe(false);

    const hashingFile = JSON.parse(readFileSync(path.join(folder, 'segment-hash-bytes.json'), 'utf8')) as ResultDocument;
    expect(hashingFile.results.map((result) => result.name)).toEqual(['segment-hash-bytes/1MiB']);
    expect(hashingFile.allGoalsMet).toBe(true);
  });

  it('prints each result with its medians, ratio and verdict, and names the goals not met', () => {
    const report = formatReport(resultDocument([hashing, compare], new Date('2026-11-29T12:00:00Z'), machine));
    expect(report).toContain('segment-hash-bytes/1MiB');
    expect(report).toContain('120.0 µs');
    expect(report).toContain('goal ≥ 100×: NOT MET');
    expect(report).toContain('commonTokens=199257');
    expect(report.trim().split('\n').at(-1)).toBe('goal not met: compare-prefix-warm/rendered');
  });
});
