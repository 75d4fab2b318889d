import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { guardComposition } from '../src/analysis/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { dshSource, SNAPSHOTS } from './support/guard-corpus.js';

const CODE_MODE = 'examples/acp-agent/code-mode.cordis.yml';

/** The ACP code-mode composition, included with one patch on its fork tool. */
function withForkConfig(config: string): { path: string; label: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-code-mode-')), 'cordis.yml');
  writeFileSync(
    file,
    `- id: code-mode\n  name: '@deepseek-ai/cordis-plugin-include'\n  config:\n    path: ${JSON.stringify(corpusPath('dsh', CODE_MODE))}\n    patches:\n      - id: tool-subagent-fork\n        config:\n${config}`,
  );
  return { path: file, label: 'code-mode-with-filter.cordis.yml' };
}

describeWithCorpus('dsh', 'guard on a Code Mode composition: the SDK block is part of the head', () => {
  const session = () => corpusPath('dsh', SNAPSHOTS, 'code-mode-turn/session.jsonl');

  it('without a session a Code Mode head fails closed; with the logged code-mode-turn head it passes', async () => {
    const assembled = await guardComposition(dshSource(CODE_MODE));
    expect(assembled.findings).toEqual([expect.objectContaining({ kind: 'unresolved', code: 'guard/code-mode-head', yamlPath: '[0].config.patches[0].config.tools.mode' })]);
    const logged = await guardComposition(dshSource(CODE_MODE), { session: session() });
    expect(logged.findings).toEqual([]);
  });

  it('a fork tool filter regenerates the SDK block without the denied tool: an error landing at tools:sdk, counted with the real history', async () => {
    const report = await guardComposition(withForkConfig('          provider: fork\n          toolName: subagent_fork\n          enableRunInBackground: false\n          toolFilter:\n            deny: [bash]\n'), { session: session() });
    const [finding, ...rest] = report.findings;
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ kind: 'inherited-history-lost', severity: 'error', tool: 'subagent_fork', yamlPath: '[0].config.patches[0].config.toolFilter', landsAt: { kind: 'sdk', name: 'tools:sdk' } });
    if (finding?.kind !== 'inherited-history-lost') throw new Error('expected the inherited-history finding');
    expect(finding.deltas).toEqual([{ part: 'section', name: 'tools:sdk', change: 'changed' }]);
    expect(finding.inheritedMessages).toBeGreaterThan(0);
  });
});
