import path from 'node:path';
import { expect, it } from 'vitest';
import type { ToolSchema } from '../src/providers/model/index.js';
import { AgentHost, buildRecordedRequest, compositionFromHead, createSpawnProvider } from '../src/providers/runtime/index.js';
import { toFixtureRows } from '../src/testing/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { HEADLESS, readRows, recordedSteps, type Row } from './support/runtime-corpus.js';
import { deterministicSources, FIXTURE_CWD, ROUTE } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

const SCENARIO = path.join(HEADLESS, 'advanced-toolchain');

function recordedHead(rows: readonly Row[]): { system: string; tools: ToolSchema[] } {
  const header = rows.find((row) => row.type === 'request/header')!.data.header;
  return { system: header.system, tools: header.tools };
}

/** Runs one recorded child of the headless advanced-toolchain scenario through the spawn provider. */
async function runChild(childFile: string) {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, childFile));
  const parentHead = recordedHead(parentRows);
  // The headless example composes no approval service and records no runtime context for the parent.
  const composition = compositionFromHead({ ...parentHead, source: 'advanced-toolchain parent header' });
  const model = new ScriptedModel(recordedSteps(childRows));
  const host = new AgentHost({ composition, model, ...deterministicSources() });
  host.subagents.registerProvider(createSpawnProvider());
  const parent = host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD });
  const task = childRows.find((row) => row.type === 'user/message')!.data.content;
  const label = childRows.find((row) => row.type === 'subagent/descriptor')!.data.label;
  const run = await host.subagents.start('spawn', { parent, prompt: task, label, signal: new AbortController().signal });
  const result = await run.result;
  await run.dispose();
  model.assertConsumed();
  return { parent, child: run.localAgent, result, parentHead, childRows };
}

describeWithCorpus('dsh', "driver: the headless advanced-toolchain children's heads equal their parent's", () => {
  for (const childFile of ['session.1.jsonl', 'session.2.jsonl']) {
    it(`rebuilds the parent's recorded head from its sections, tools and Code Mode SDK (${childFile} scenario)`, async () => {
      const { parent, parentHead } = await runChild(childFile);
      const head = parent.assembleHead();
      expect(head.system).toBe(parentHead.system);
      expect(head.tools).toEqual(parentHead.tools);
      expect(head.sections.map((section) => section.name)).toEqual([
        'harness:identity',
        'deployment:persona',
        'tool:read',
        'tool:write',
        'tool:edit',
        'tool:bash',
        'tool:jobs',
        'tool:workflow',
        'tool:cordis',
        'tool:ralph',
        'tool:subagent',
        'tools:sdk',
      ]);
    });

    it(`sends the child (${childFile}) a first request whose head equals its parent's and its recorded head`, async () => {
      const { parent, child, parentHead, childRows } = await runChild(childFile);
      const request = child.requests[0]!;
      expect(request.model.system).toBe(parentHead.system);
      expect(request.model.tools).toEqual(parentHead.tools);
      expect(recordedHead(childRows)).toEqual(parentHead);
      // The parent's head alone (it has no history yet) is a prefix of the child's first request.
      const parentHeadRequest = buildRecordedRequest(parent, parent.assembleHead(), 0, 0).prefix;
      const comparison = compareWithCause(parentHeadRequest, request.prefix);
      expect(comparison.commonPrefix.segments).toBe(parentHeadRequest.segments.length);
      // The child only appends its task to the parent's head: an extension, the best case.
      expect(comparison.divergence).toMatchObject({ side: 'child', cause: 'extension', kind: 'task' });
    });

    it(`writes the recorded child log (${childFile}) row for row, up to ids and times`, async () => {
      const { child, childRows, result } = await runChild(childFile);
      const normalize = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (['id', 'dt', 'createdAt', 'parentSession'].includes(key) ? '·' : field));
      expect(normalize([child.session.header, ...toFixtureRows(child.session.events)])).toEqual(normalize(childRows));
      expect(result.stopReason).toBe('completed');
    });
  }
});
