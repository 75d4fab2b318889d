import { expect, it } from 'vitest';
import { guardComposition, type GuardReport } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { cordisFiles } from './support/runtime-cordis-rows.js';

describeWithCorpus('dsh', 'guard over every DSH composition in the corpus', () => {
  it('reads, validates and resolves all of them: no exception, no invalid row, and every failure is a fail-closed or a measured loss', async () => {
    const root = corpusPath('dsh');
    const files = cordisFiles(root);
    expect(files.length).toBe(130);
    const reports: GuardReport[] = [];
    for (const file of files) reports.push(await guardComposition({ path: file, label: file.slice(root.length + 1) }));
    const findings = reports.flatMap((report) => report.findings);
    expect(findings.filter((finding) => finding.kind === 'invalid-composition' && finding.severity === 'error')).toEqual([]);
    for (const finding of findings.filter((candidate) => candidate.severity === 'error')) {
      expect(['unresolved', 'inherited-history-lost']).toContain(finding.kind);
      if (finding.kind === 'inherited-history-lost') expect(finding.lostTokens).toBeGreaterThan(0);
    }
    // The shipped one-shot bindings the fork note names pass on their own.
    for (const name of ['packages/bundle/base/cordis.patch.yml', 'examples/acp-agent/cordis.yml', 'examples/headless-agent/cordis.yml']) {
      expect(reports.find((report) => report.source === name)?.ok, name).toBe(true);
    }
  }, 120_000);
});
