import { expect, it } from 'vitest';
import { guardComposition, type GuardFinding } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { BASE_BUNDLE, baseBundleWithContinuableFork, CLI_PRESETS, dshSource, SNAPSHOTS } from './support/guard-corpus.js';

const lost = (findings: readonly GuardFinding[]) => findings.filter((finding) => finding.kind === 'inherited-history-lost');
const errors = (findings: readonly GuardFinding[]) => findings.filter((finding) => finding.severity === 'error');

describeWithCorpus('dsh', 'guard on the DSH corpus: the fork one-shot binding follows from the assembled heads', () => {
  it('the base bundle passes: its one-shot fork child keeps the parent head byte for byte', async () => {
    const report = await guardComposition(dshSource(BASE_BUNDLE));
    expect(errors(report.findings)).toEqual([]);
    expect(report.ok).toBe(true);
    const fork = report.delegations.find((analysis) => analysis.delegation.tool === 'subagent_fork')!;
    expect(fork.delegation.inheritsParentContext).toBe(true);
    for (const { outcome } of fork.paths) {
      expect(outcome.state).toBe('assembled');
      if (outcome.state === 'assembled') expect(outcome.request.lostTokens).toBe(0);
    }
  });

  it('the base bundle with the fork tool switched to continuable fails, naming subagent_fork, the report tool and its section', async () => {
    const report = await guardComposition(baseBundleWithContinuableFork());
    expect(report.ok).toBe(false);
    const [finding, ...rest] = lost(errors(report.findings));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ tool: 'subagent_fork', provider: 'fork', defaultPath: true, yamlPath: '[0].insert[56].config.backgroundMode', landsAt: { kind: 'system', name: 'tool:report' } });
    if (finding?.kind !== 'inherited-history-lost') throw new Error('expected the inherited-history finding');
    expect(finding.deltas).toEqual([
      { part: 'section', name: 'tool:report', change: 'added' },
      { part: 'tool', name: 'report', change: 'added' },
    ]);
    expect(finding.message).toMatch(/'subagent_fork'.*tool 'report'.*backgroundMode: one-shot/s);
    expect(finding.lostTokens).toBeGreaterThan(0);
    expect(finding.tokenizer).toBe('o200k_base');
  });

  it('…and the continuable fork\'s opt-in foreground call (run_in_background: false) keeps the prefix', async () => {
    const report = await guardComposition(baseBundleWithContinuableFork());
    const fork = report.delegations.find((analysis) => analysis.delegation.tool === 'subagent_fork')!;
    const foreground = fork.paths.find((entry) => !entry.path.isDefault)!;
    expect(foreground.path.label).toContain('run_in_background: false');
    expect(foreground.outcome.state === 'assembled' && foreground.outcome.request.lostTokens).toBe(0);
  });

  it.each(CLI_PRESETS)('the CLI preset %s, guarded with the base bundle as host, fails the same way', async (preset) => {
    const report = await guardComposition(dshSource(preset), { hosts: [dshSource(BASE_BUNDLE)] });
    expect(report.ok).toBe(false);
    const findings = lost(errors(report.findings));
    expect(findings.map((finding) => [finding.tool, finding.file])).toEqual([['subagent_fork', preset]]);
    expect(findings[0]!.message).toContain("tool 'report'");
  });

  it('a preset guarded without its host fails closed: its delegation providers are mounted by the host', async () => {
    const report = await guardComposition(dshSource(CLI_PRESETS[0]!));
    expect(report.ok).toBe(false);
    expect(errors(report.findings).map((finding) => [finding.kind, finding.tool])).toContainEqual(['unresolved', 'subagent_fork']);
    expect(lost(report.findings)).toEqual([]);
  });

  it('a continuable fork passes when the parent head already carries the report tool and section (a continuable child\'s logged head)', async () => {
    // session.1.jsonl is a continuable spawn child: its logged head has `report` and `tool:report`.
    const session = corpusPath('dsh', SNAPSHOTS, 'subagent-report/session.1.jsonl');
    const report = await guardComposition(baseBundleWithContinuableFork(), { session });
    expect(lost(report.findings)).toEqual([]);
    const fork = report.delegations.find((analysis) => analysis.delegation.tool === 'subagent_fork')!;
    const continuable = fork.paths.find((entry) => entry.path.isDefault)!;
    expect(continuable.path.delta.mode).toBe('continuable');
    if (continuable.outcome.state !== 'assembled') throw new Error('expected assembled heads');
    expect(continuable.outcome.pair.parentHead.tools.map((tool) => tool.name)).toContain('report');
    expect(continuable.outcome.deltas).toEqual([]);
    expect(continuable.outcome.request.commonTokens).toBe(continuable.outcome.request.parentTokens);
  });

  it('with a real parent session the loss counts the inherited history (subagent-fork-in-process)', async () => {
    const session = corpusPath('dsh', SNAPSHOTS, 'subagent-fork-in-process/session.jsonl');
    const report = await guardComposition(baseBundleWithContinuableFork(), { session });
    const [finding] = lost(errors(report.findings));
    if (finding?.kind !== 'inherited-history-lost') throw new Error('expected the inherited-history finding');
    expect(finding.inheritedMessages).toBeGreaterThan(0);
    const fork = report.delegations.find((analysis) => analysis.delegation.tool === 'subagent_fork')!;
    const path = fork.paths.find((entry) => entry.path.isDefault)!;
    if (path.outcome.state !== 'assembled') throw new Error('expected assembled heads');
    // All of the inherited history is lost with the head: only a head prefix is shared.
    expect(path.outcome.request.commonTokens).toBeLessThan(path.outcome.head.parentTokens);
    expect(finding.lostTokens).toBe(path.outcome.request.parentTokens - path.outcome.request.commonTokens);
  });
});
